"""toon-picker."""
