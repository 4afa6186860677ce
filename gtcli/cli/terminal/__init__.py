"""Terminal rendering: the console, escaping at the way out, tables, findings, prompts."""
