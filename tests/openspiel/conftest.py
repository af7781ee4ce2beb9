"""The OpenSpiel bridge's tests need open-spiel (the `test` extra installs it)."""
