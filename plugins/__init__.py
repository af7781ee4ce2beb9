"""The plugin system: hookspecs, the manager that loads built-ins and third-party
plugins alike, and the registry of games and searchers they provide."""
