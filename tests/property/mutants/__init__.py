"""Deliberately broken flattens and the test showing the properties catch each one."""
