// Docstrings of the Python module (help(ddtb) shows them).
#pragma once

namespace ddtb::python::docs {

inline constexpr const char* kModule = R"(Double-dummy bridge solver (ddtb).

Deals are PBN strings ("N:AKQ.. ... ... ...") or ddtb.Deal objects; strains,
seats and vulnerabilities are strings ("S", "NT", "N", "EW", "None") or the
enums Strain, Seat, Vulnerability; cards are strings such as "SA" or "H9".

    >>> import ddtb
    >>> t = ddtb.dd_table("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> t["NT"]["N"], t.get("S", "E")
    (13, 0)

Main functions: dd_table, solve (and max_tricks, best_card, best_cards,
cards_reaching, card_reaching), analyse_play, par, dealer_par, par_texts, and
the batch forms dd_tables and solve_many, which run on threads with the GIL
released. A Solver object holds its own transposition table and tablebase;
the module-level functions use one Solver per thread and the default
tablebase: at import, the tables found on the search path that ddsolve and
the C API use too ($DDTB_TABLEBASE, then $XDG_DATA_HOME/ddtb/tables or
~/.local/share/ddtb/tables, then the installed share/ddtb/tables;
DDTB_TABLEBASE= turns them off), or set_default_tablebase.

Bad input raises ValueError naming what is wrong and where.
)";

inline constexpr const char* kStrain =
    "A strain: SPADES, HEARTS, DIAMONDS, CLUBS, NOTRUMP. Wherever a strain is taken, a string "
    "works too: 'S', 'H', 'D', 'C', 'NT' (or 'N'), any case.";
inline constexpr const char* kSeat =
    "A seat: NORTH, EAST, SOUTH, WEST. Wherever a seat is taken, a string works too: 'N', 'E', "
    "'S', 'W' or the full name, any case.";
inline constexpr const char* kVulnerability =
    "Vulnerability: NONE, BOTH, NS, EW (strings 'None', 'Both', 'NS', 'EW' work too).";

inline constexpr const char* kDeal = R"(A deal: four hands of equal size (1 to 13 cards each).

Deal(pbn)    a PBN deal string, "N:<north> <east> <south> <west>"; the seat
             before the colon holds the first hand, the others follow clockwise
Deal(hands)  a dict {"N": hand, "E": ..., "S": ..., "W": ...} or a sequence of
             four hands in N, E, S, W order; a hand is a PBN hand string
             ("AKQ.T98..5432", suits S.H.D.C) or a sequence of cards (["SA", "HK"])

    >>> d = ddtb.Deal({"N": "AK...", "E": "QJ...", "S": "...AK", "W": "...QJ"})
    >>> d
    Deal('N:AK... QJ... ...AK ...QJ')
)";

inline constexpr const char* kPosition = R"(A position to solve.

Position(hands, trump, leader, trick=(), *, as_played=False)

hands   a Deal, a PBN deal string, or hands as Deal() takes them (here of
        unequal sizes too); a card of `trick` still in the hand of the seat
        that played it is taken out, so the hands may be given as they were
        when the trick began
trump   the strain
leader  the seat that led (or leads) the current trick
trick   the 0 to 3 cards played to it, in order
as_played  accept a follower's card of another suit although that hand holds
        the suit led (a revoke already on the table, as DDS's SolveBoard does)

    >>> p = ddtb.Position("N:AK... QJ... ...AK ...QJ", "NT", "W", ["CQ"])
    >>> p.to_play, p.legal_cards()
    (<Seat.NORTH: 0>, ['SA', 'SK'])
)";

inline constexpr const char* kCardScore =
    "A card (or run of equivalent cards: `card` is the highest, `equals` the lower ones) and the "
    "tricks the side to play takes when it plays it, the current trick included.";
inline constexpr const char* kSolveResult =
    "`tricks`: the most the side to play takes; `cards`: the legal cards (runs of equivalent "
    "cards as one CardScore), best score first, ties by suit S, H, D, C then rank; `scores`: "
    "every card's tricks as a dict.";
inline constexpr const char* kDdTable = R"(A double-dummy table: tricks per strain and declarer.

t["S"]["N"] or t.get("S", "N"): tricks North takes as declarer in spades
(East leads). t.to_dict() gives {"S": {"N": .., "E": .., "S": .., "W": ..},
..., "NT": {...}}; t.to_list() DDS's resTable[strain][declarer]. repr(t) is
ddsolve's text: declarers N, S, E, W down, strains NT, S, H, D, C across.
DDTable(dict or 5 x 4 list) builds one (for par).
)";

inline constexpr const char* kTablebase =
    R"(Endgame tables read from a directory built by ddtb-build.

Tablebase(path, cache_mb=256): opens every table file of `path` (ValueError
when the directory has none or a file fails validation). Pass it to Solver(),
dd_tables(), solve_many() or set_default_tablebase(); answers are the same
with or without it, only faster.
)";

inline constexpr const char* kSetDefaultTablebase =
    "Sets the tablebase of the module-level functions and of Solvers and batches made without "
    "one: a Tablebase, a directory path, or None (or '') for none.";

inline constexpr const char* kUseDefaultTablebase =
    "Makes the tables found on the search path the default tablebase (what the import does; "
    "see tablebase_search_path()) and returns the warnings about directories passed over or "
    "tables not used, as a list of str.";

inline constexpr const char* kSolver = R"(A solver with its own transposition table (32 MiB).

Solver(tablebase=None, tt_memory_mb=32): tablebase is a Tablebase, a
directory path, None for the default tablebase, or '' for none. Its methods are the
module's solving functions. A Solver may be shared by threads (calls take
turns); for parallel work use one per thread or the batch functions.
)";

inline constexpr const char* kDdTableFn = R"(The double-dummy table of a deal (a DDTable).

`deal` is a Deal, a PBN string or four hands (see Deal).

    >>> ddtb.dd_table("N:AK... QJ... ...AK ...QJ")["S"]["N"]
    2
)";

inline constexpr const char* kSolve = R"(Every legal card's result (a SolveResult; DDS solutions=3).

    >>> r = ddtb.solve(ddtb.Position("N:AK... QJ... ...AK ...QJ", "NT", "W", ["CQ"]))
    >>> r.tricks, r.scores
    (1, {'SA': 1, 'SK': 1})
)";
inline constexpr const char* kMaxTricks =
    "The most tricks the side to play takes from `position`, the current trick included.";
inline constexpr const char* kBestCard =
    "One card taking the most tricks (a CardScore; None when no card is left), the first in the "
    "search's fixed order: a function of the position alone. DDS solutions=1.";
inline constexpr const char* kBestCards =
    "A SolveResult holding every card that takes the most tricks, in suit and rank order (DDS "
    "solutions=2).";
inline constexpr const char* kCardsReaching =
    "Every legal card with which the side to play takes at least `target` tricks, in suit and "
    "rank order; each CardScore's tricks is `target` (the search proves 'at least').";
inline constexpr const char* kCardReaching =
    "One card reaching `target` tricks (a CardScore), or None.";

inline constexpr const char* kAnalysePlay = R"(Double-dummy analysis of a played sequence.

analyse_play(deal, contract, cards) or analyse_play(deal, cards=..., strain=, leader=)

contract  "4S by N", "4SN", "3NT W" (the level and doubling are ignored): the
          strain and the declarer, whose left-hand opponent leads
cards     the cards played from the first lead, in order: a list (["HA", "H2"])
          or one string ("HAH2...")
Returns len(cards) + 1 values: the tricks the declaring side takes (won so far
plus the most it can still take) before the first card and after each card.
An illegal card raises ValueError naming its index.
)";

inline constexpr const char* kPar = R"(Par when side `first` starts the bidding (DDS SidesPar).

`table` is a DDTable or a deal (its table is computed). Returns a Par: the
score from North-South's view and the par contracts.

    >>> ddtb.par(table, "None")
    Par(score=-110, contracts=['2S-EW'])
)";
inline constexpr const char* kDealerPar =
    "Par when the seats bid in turn from `dealer` (DDS DealerPar). `table` is a DDTable or a "
    "deal. Returns a Par; each contract's `text` is DealerPar's, e.g. '4S*-EW-1'.";
inline constexpr const char* kParTexts =
    "DDS Par()'s texts for each side: {'NS': ('NS -110', 'NS:EW 2S'), 'EW': ('EW 110', 'EW:EW "
    "2S')}.";

inline constexpr const char* kDdTables = R"(DD tables of many deals, on threads.

dd_tables(deals, *, threads=0, progress=None, tablebase=None) -> list[DDTable]

threads   worker threads, each with its own Solver (0: one per CPU); the
          GIL is released for the whole batch
progress  called as progress(done, total) from the calling thread as deals
          complete (not necessarily once per deal; last with done == total);
          an exception it raises stops the batch and propagates
Answers are the same for any number of threads; a bad deal raises ValueError
naming its index before any work starts. Ctrl-C stops the batch.
)";
inline constexpr const char* kSolveMany =
    "solve() for each Position of a list, on threads: as dd_tables(), returning a list of "
    "SolveResult.";

}  // namespace ddtb::python::docs
