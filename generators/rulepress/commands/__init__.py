"""One module per command-line verb; each exposes `run(args) -> exit code`."""
