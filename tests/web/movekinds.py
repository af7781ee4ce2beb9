"""The kinds of move of each game, read from the words a person sees (the legal list's
`describe` text, engine/games/<g>/words.py), so a test can play a game through the page
making at least one move of every kind, and say which kind a board click made.

A kind is a move the rules name for the seat to choose (shared/rules/<game>.md and each
words.py's RULES): a mark in tic-tac-toe, roll or hold in Pig, fold, check, call or raise
in Leduc, and so on. Chance outcomes are nobody's move and have no kind.
"""

from __future__ import annotations

import re

# Per game: (kind, pattern) in order; the first pattern that matches the start of the
# text names the kind. Every text a seat can be offered matches one (test_move_kinds.py).
KINDS: dict[str, list[tuple[str, str]]] = {
    "tictactoe": [("mark", r"put an [XO] on ")],
    "pig": [("roll", r"roll the die"), ("hold", r"hold ")],
    "leduc": [
        ("check", r"check$"),
        ("raise", r"(call \d+ chips? and )?raise by "),
        ("call", r"call \d+ chips?$"),
        ("fold", r"fold$"),
    ],
    # Rules 4: place tiles into one row (or place nothing), draw 1-3, put each drawn tile
    # on an agency space.
    "maestro": [
        ("pass", r"(place nothing|stop placing)"),
        ("draw", r"draw \d tiles? from the bag"),
        ("agency", r"put the .* on agency space"),
        ("place", r"place (your|seat \d's) "),
    ],
    # §5-§7: a card from hand (clef, time signature, note, rest, bar line), or draw
    # (then keep or play the drawn card), the bonus bar line declined, pass.
    "taktvoll": [
        ("draw", r"draw the top card"),
        ("keep", r"keep the "),
        ("pass", r"pass: "),
        ("no bonus bar", r"play no bonus bar line"),
        ("clef", r"play a clef"),
        ("time signature", r"play the \d/\d time signature"),
        ("bar line", r"play (the bonus |a )bar line"),
        ("rest", r"play (a|an|the drawn) \w+ rest"),
        ("note", r"play (a|an|the drawn) "),
    ],
    # Setup choices (3.4), planning (4.2: workers face down), resolution (4.3: activate
    # a location, the market, pass) and what the locations' workers do (4.4-4.7).
    "luthier": [
        (
            "setup",
            r"keep (the family tile|one of the two|the goals|two of the four|"
            r"the patron|one dealt patron)",
        ),
        ("place worker", r"place (worker #\d|a face-down worker)"),
        ("activate", r"activate the workers on "),
        (
            "market",
            r"(go to the market|buy 1 |sell 1 |hire an apprentice|train one step|"
            r"leave the market)",
        ),
        ("pass", r"pass for the rest of the round"),
        ("storage", r"discard 1 \w+: storage"),
        (
            "instrument",
            r"(keep the [^;]+; the rest|keep one of the instruments|load |"
            r"rough the |finish the |work no second|return the |pay the materials|"
            r"use a free reduction|pay 2 inspiration instead)",
        ),
        ("patron", r"(put .* on workbench space|ease |give the |take the royal patron)"),
        ("performance", r"(reroll the |keep the dice|spend (no|\d+) inspiration)"),
        ("orchestra", r"(put the \w+ token on |double this|keep the doubling)"),
        ("award", r"claim|below the line|take the specialist|give the new specialist"),
        (
            "reward",
            r"(take \d+ coins instead|take the alternative reward|search the deck|"
            r"take 1 |pay \d+ with \d+ inspiration|.* \(tier [IV]+)",
        ),
    ],
    # Rules 3-4: cards set aside, a card played on an action space (or a Benefactor
    # used), the action carried out (Resources, Move, Create, Influence, Study
    # upgrades), projects completed and paid for, the turn ended.
    "renaissance": [
        ("set aside", r"set aside "),
        ("play a card", r"play "),
        ("use a Benefactor", r"use your "),
        ("spend", r"spend "),
        ("move an Artwork", r"move an Artwork"),
        ("create", r"place (\d+ Artworks? from your supply in Florence|an Artwork)"),
        ("influence", r"lay a Collector"),
        ("upgrade", r"upgrade "),
        ("workshop upgrade", r"place (an Upgrade marker|a Workshop Upgrade tile)"),
        ("take Resources", r"take (a|\d+) \w+ Resources? into"),
        ("build", r"(complete the .* Blueprint|paint the Sistine)"),
        ("pay", r"pay a "),
        ("done", r"(end the Move|stop influencing|complete no more projects)"),
    ],
}

# The kinds a whole game as seat 0 must show, where that is less than every kind
# above. The page cannot choose the deal, so a kind left out is one that seat 0 is not
# offered in every game: in 40-60 random games each (seat 0 picking by `pick`), Takt
# Voll offered a clef, a time signature or a rest from the dealt hand in only 44-49
# of 60 and a pass (the deck emptied before a hand) in 57; Luthier offered storage,
# performance dice, orchestra tokens or awards in 5-7 of 10; da Vinci vs Michelangelo
# offered a Benefactor in 33 of 40, a Create in 37, a Study workshop upgrade in 39,
# the colour bonus's Resources in 25, and never the Resource spend or the Sistine
# payment (Michelangelo's, seat 1). Every kind is still checked to be known
# (test_move_kinds.py).
REQUIRED: dict[str, set[str]] = {
    "taktvoll": {"draw", "keep", "no bonus bar", "bar line", "note"},
    "luthier": {
        "setup",
        "place worker",
        "activate",
        "market",
        "pass",
        "instrument",
        "patron",
        "reward",
    },
    "renaissance": {
        "set aside",
        "play a card",
        "move an Artwork",
        "influence",
        "upgrade",
        "build",
        "done",
    },
}

# Leduc's one hand rarely holds all four: check needs no bet to face, call and fold
# need one each, and a fold ends the hand. So the test plays hands (rematches) until
# it has made each kind, fold being the last it picks.
LAST_PICKED = {"leduc": ("fold",)}


def kind_of(game: str, text: str) -> str:
    """The kind of the move whose words are `text`; ValueError if none matches."""
    for kind, pattern in KINDS[game]:
        if re.match(pattern, text):
            return kind
    raise ValueError(f"{game}: no kind of move reads {text!r}")


def required(game: str) -> set[str]:
    return REQUIRED.get(game, {kind for kind, _ in KINDS[game]})


def pick(game: str, offered: dict[int, str], made: set[str], step: int) -> int:
    """The action to click among `offered` (id -> words): one of a kind not made yet
    if any (in the table's order, LAST_PICKED ones last), else the step-th (mod their
    number), so that a long game still wanders over the board."""
    ids = sorted(offered)
    order = [kind for kind, _ in KINDS[game]]
    last = LAST_PICKED.get(game, ())
    fresh = [a for a in ids if kind_of(game, offered[a]) not in made]
    if fresh:
        rank = {kind: (kind in last, i) for i, kind in enumerate(order)}
        return min(fresh, key=lambda a: rank[kind_of(game, offered[a])])
    return ids[(step * 7) % len(ids)]
