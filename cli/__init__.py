"""The `cadenza` command line: the engine protocol, selfplay and listings."""
