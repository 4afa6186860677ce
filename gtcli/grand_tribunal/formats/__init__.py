"""Grand Tribunal's TOML files: tables, sessions, drafts, profiles, boards; finding logs."""
