"""The `cadenza` click application (commands are added by the CLI modules)."""
import click


@click.group()
def main():
    """Cadenza: an AI opponent engine for music-themed board and card games."""
