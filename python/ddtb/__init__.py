"""Double-dummy bridge solver (ddtb): see help(ddtb._ddtb) or the README."""

import warnings as _warnings

from ._ddtb import *  # noqa: F401,F403  (the module's names, listed in __all__)
from ._ddtb import __doc__, __version__
from ._ddtb import use_default_tablebase as _use_default_tablebase

__all__ = [
    "CardScore", "DDTable", "Deal", "Par", "ParContract", "Position", "Seat", "Side",
    "SolveResult", "Solver", "Strain", "Tablebase", "Vulnerability",
    "analyse_play", "best_card", "best_cards", "card_reaching", "cards_reaching",
    "contract_score", "dd_table", "dd_tables", "dealer_par", "default_tablebase",
    "default_tablebase_max_cards", "max_tricks", "par", "par_texts", "position",
    "set_default_tablebase", "solve", "solve_many", "tablebase_search_path",
    "use_default_tablebase",
]

# The default tablebase: the tables found on the search path ddsolve and the
# C API use too. A bad directory must not make the import fail: it warns and
# solves without.
for _warning in _use_default_tablebase():
    _warnings.warn(f"ddtb: {_warning}", RuntimeWarning, stacklevel=2)
