"""The project's languages: Lark grammars, their loaders and transformers."""
