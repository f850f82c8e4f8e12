"""GGUF files: the reader, per-architecture mapping, the tokenizer rebuild and the import into an MLX folder."""
