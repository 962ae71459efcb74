"""Double-dummy bridge solver (ddtb): see help(ddtb._ddtb) or the README."""

import os as _os
import warnings as _warnings

from ._ddtb import *  # noqa: F401,F403  (the module's names, listed in __all__)
from ._ddtb import __doc__, __version__, set_default_tablebase

__all__ = [
    "CardScore", "DDTable", "Deal", "Par", "ParContract", "Position", "Seat", "Side",
    "SolveResult", "Solver", "Strain", "Tablebase", "Vulnerability",
    "analyse_play", "best_card", "best_cards", "card_reaching", "cards_reaching",
    "contract_score", "dd_table", "dd_tables", "dealer_par", "default_tablebase_max_cards",
    "max_tricks", "par", "par_texts", "position", "set_default_tablebase", "solve",
    "solve_many",
]

# The default tablebase from the environment, as the C API reads it. A bad
# directory must not make the import fail: it warns and solves without.
if _os.environ.get("DDTB_TABLEBASE"):
    try:
        set_default_tablebase(_os.environ["DDTB_TABLEBASE"])
    except ValueError as _error:
        _warnings.warn(f"DDTB_TABLEBASE ignored: {_error}", RuntimeWarning, stacklevel=2)
