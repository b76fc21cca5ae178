"""Shared fixtures of the property suite (its directory also goes on sys.path, so the test
modules and mutants/ import prop_oracles and prop_checks)."""
