"""One module of Click commands per game or topic; each is loaded only when run."""
