#!/usr/bin/python3
"""Fits the learned move ordering (solver/order_model.hpp) to the data of
ddtb-order-data, and writes it as solver/order_model_weights.inc.

The model: at a node, each choice is scored
    score = hand_weight * beta[context] + sum of one weight per feature,
hand_weight being its weight under the hand-made ordering
(solver/ordering_weights.hpp) and the features the CSV's f0..f5 (indices
into the model's flat array, solver/order_features.hpp). The data says, for
every choice of a drawn node, what the whole search costs when that choice
is tried first there (the trick starts below that node, over its visits);
a choice's regret is its cost less the cheapest choice's. The fit is
pairwise (a RankNet-style logistic loss): for every two choices of a node
with different regrets, the cheaper should score higher, weighted by the
difference of their regrets (through --pair-weight); L2 on the feature
weights pulls the model
towards the hand-made order. Convex, fitted with L-BFGS; deterministic: the
same data and options give the same bytes.

The search scores a choice as hand_scale[context] * hand_weight + the sum
of the written weights: hand_scale is 16 (SCALE) and each fitted weight is
divided by its context's beta and scaled by 16, so that the order is the
fitted one (where beta is not positive, hand_scale is 0).

Usage (bench/README.md, "The learned move ordering", gives the command
that made the committed weights):
  bench/fit_order_model.py --train A.csv [B.csv ...] --test C.csv [...]
                           --out solver/order_model_weights.inc [--l2 X]

Needs Debian's python3-numpy and python3-scipy (python3-sklearn pulls in
both); run with /usr/bin/python3.
"""
import argparse
import hashlib
import sys

import numpy as np
import scipy.optimize
import scipy.special
import scipy.sparse

# solver/order_model.hpp
FEATURES = 6
SCALE = 16  # weight units per unit of hand-made weight
CONTEXTS = 4 * 2 * 3
LEAD_BLOCK = 500 + 500 + 25 + 32 + 16 + 56
FOLLOW_BLOCK = 48 + 48 + 75 + 75 + 225 + 40
BLOCK = max(LEAD_BLOCK, FOLLOW_BLOCK)
MODEL_SIZE = CONTEXTS * BLOCK
LIMIT = 2000  # |written weight| at most this: six of them and 16 * hand weight fit an int16

COLUMNS = ("node,context,tricks,pos,nt,source,label,short,f0,f1,f2,f3,f4,f5,card,hand,need,cut,"
           "cost,hand_weight")


def read_rows(paths):
    parts = []
    offset = 0
    for path in paths:
        with open(path) as f:
            header = f.readline().strip()
            if header != COLUMNS:
                sys.exit(f"{path}: the header is not ddtb-order-data's:\n  {header}")
        a = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.int64, ndmin=2)
        if a.size == 0:
            continue
        a[:, 0] += offset
        offset = a[:, 0].max() + 1
        parts.append(a)
    if not parts:
        sys.exit("no rows in " + ", ".join(paths))
    return np.concatenate(parts)


class Data:
    """The rows of some CSV files, nodes renumbered to be unique and
    contiguous; nodes where every choice costs the same dropped (they teach
    nothing)."""

    def __init__(self, paths):
        a = read_rows(paths)
        node = a[:, 0]
        starts = np.flatnonzero(np.r_[True, node[1:] != node[:-1]])
        sizes = np.diff(np.r_[starts, len(node)])
        cost = a[:, 18]
        keep_node = np.maximum.reduceat(cost, starts) > np.minimum.reduceat(cost, starts)
        self.total_nodes = len(starts)
        a = a[np.repeat(keep_node, sizes)]
        node = a[:, 0]
        self.starts = np.flatnonzero(np.r_[True, node[1:] != node[:-1]])
        self.sizes = np.diff(np.r_[self.starts, len(node)])
        self.group = np.repeat(np.arange(len(self.starts)), self.sizes)
        self.context = a[self.starts, 1]
        self.tricks = a[self.starts, 2]
        self.nt = a[self.starts, 4]
        self.pos = a[self.starts, 3]
        self.card = a[:, 14]
        self.hand = a[:, 15]
        self.hand_weight = a[:, 19].astype(np.float64)
        self.cost = a[:, 18].astype(np.float64)
        # What trying each choice first costs the search below the node
        # beyond the cheapest choice (trick starts, over all visits).
        best = np.minimum.reduceat(self.cost, self.starts)
        self.base = np.add.reduceat(np.where(self.hand == 0, self.cost, 0.0), self.starts)
        self.regret = self.cost - best[self.group]
        n = len(a)
        cols = a[:, 8:14].reshape(-1)
        if cols.min() < 0 or cols.max() >= MODEL_SIZE:
            sys.exit("a feature index outside the model: the CSV and this script disagree")
        rows = np.repeat(np.arange(n), FEATURES)
        # Columns: the feature weights, then one beta per context (the hand
        # weight's coefficient).
        ctx = a[:, 1]
        self.x = scipy.sparse.csr_matrix(
            (np.r_[np.ones(len(cols)), self.hand_weight],
             (np.r_[rows, np.arange(n)], np.r_[cols, MODEL_SIZE + ctx])),
            shape=(n, MODEL_SIZE + CONTEXTS))

    def pairs(self, transform):
        """Every two choices of a node whose regrets differ: (better, worse,
        the difference of their regrets through `transform`)."""
        better, worse = [], []
        for k in range(2, 14):
            nodes = np.flatnonzero(self.sizes == k)
            if len(nodes) == 0:
                continue
            base = self.starts[nodes]
            for i in range(k):
                for j in range(k):
                    if i != j:
                        better.append(base + i)
                        worse.append(base + j)
        better = np.concatenate(better)
        worse = np.concatenate(worse)
        keep = self.regret[better] < self.regret[worse]
        better, worse = better[keep], worse[keep]
        weight = transform(self.regret[worse] - self.regret[better])
        # In units of the mean pair, so that --l2 means the same whatever
        # the data.
        return better, worse, weight / weight.mean()

    def first_regret(self, score):
        """Per node, the absolute regret of the choice ordered first by
        `score` (heaviest first, ties highest card first, as the search's
        sort)."""
        order = np.lexsort((-self.card, -score, self.group))
        return self.regret[order][self.starts]


TRANSFORMS = {"linear": lambda d: d, "sqrt": np.sqrt, "log": np.log1p}


def fit(data, l2, transform):
    better, worse, weight = data.pairs(transform)
    d = (data.x[better] - data.x[worse]).tocsr()
    penalty = np.r_[np.ones(MODEL_SIZE), np.zeros(CONTEXTS)]

    def loss_grad(theta):
        margin = d @ theta
        # log(1 + exp(-m)) and its derivative, stably.
        loss = (weight * np.logaddexp(0.0, -margin)).sum()
        g_margin = -weight * scipy.special.expit(-margin)
        reg = penalty * theta
        return loss + 0.5 * l2 * (reg @ theta), d.T @ g_margin + l2 * reg

    theta0 = np.r_[np.zeros(MODEL_SIZE), np.full(CONTEXTS, 0.1)]
    res = scipy.optimize.minimize(loss_grad, theta0, jac=True, method="L-BFGS-B",
                                  options={"maxiter": 2000, "maxcor": 20})
    return res.x, res, len(weight)


def report(name, data, theta):
    model = data.first_regret(data.x @ theta)
    hand = data.first_regret(data.hand_weight)
    print(f"{name}: {len(data.starts)} nodes where the first choice matters"
          f" (of {data.total_nodes}); regret = extra trick starts below the node")
    print(f"  {'':24s} {'nodes':>7s} {'hand regret':>12s} {'model':>10s} {'model/hand':>10s}"
          f" {'hand cost':>10s}")
    for label, mask in [("all", np.ones(len(data.starts), bool))] + [
            (f"{'nt' if nt else 'suit'} place {pos} tricks {lo}-{hi}",
             (data.nt == nt) & (data.pos == pos) & (data.tricks >= lo) & (data.tricks <= hi))
            for nt in (1, 0) for pos in range(4) for lo, hi in ((2, 4), (5, 8), (9, 13))]:
        if not mask.any():
            continue
        h, m = hand[mask].sum(), model[mask].sum()
        print(f"  {label:24s} {mask.sum():7d} {h:12.0f} {m:10.0f} {m / max(h, 1):10.3f}"
              f" {data.base[mask].sum():10.0f}")


def written_weights(theta):
    """The model as the search reads it: per context the hand weight's
    multiplier (SCALE, or 0 where the fit gives the hand-made weights no
    positive part), and the feature weights in the same units."""
    w = theta[:MODEL_SIZE].reshape(CONTEXTS, BLOCK)
    beta = theta[MODEL_SIZE:]
    positive = beta[beta > 0]
    reference = np.median(positive) if len(positive) else 1.0
    hand_scale = np.where(beta > 0, SCALE, 0)
    out = np.zeros_like(w)
    for c in range(CONTEXTS):
        out[c] = w[c] * SCALE / (beta[c] if beta[c] > 0 else reference)
    return (np.clip(np.rint(out.reshape(-1)), -LIMIT, LIMIT).astype(np.int64),
            hand_scale.astype(np.int64), beta)


def write_inc(path, w_int, hand_scale, argv, train):
    digest = hashlib.sha256()
    for p in train:
        with open(p, "rb") as f:
            digest.update(f.read())
    lines = [
        "// The learned move ordering's weights (solver/order_model.hpp), written by",
        "// bench/fit_order_model.py; do not edit. Reproduce with (bench/README.md,",
        "// \"The learned move ordering\"):",
        "//   " + " ".join(argv),
        f"// training data sha256 {digest.hexdigest()}",
        "{" + ", ".join(str(int(v)) for v in hand_scale) + "},",
        "{{",
    ]
    for c in range(CONTEXTS):
        block = w_int[c * BLOCK:(c + 1) * BLOCK]
        lines.append(f"// context {c}")
        for i in range(0, BLOCK, 24):
            lines.append(",".join(str(int(v)) for v in block[i:i + 24]) + ",")
    lines.append("}}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--test", nargs="+", default=[])
    ap.add_argument("--out", required=True)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--pair-weight", default="sqrt", choices=sorted(TRANSFORMS))
    args = ap.parse_args()

    train = Data(args.train)
    theta, res, pairs = fit(train, args.l2, TRANSFORMS[args.pair_weight])
    print(f"fit: {pairs} pairs, {res.nit} iterations, loss {res.fun:.4f}, {res.message}")
    w_int, hand_scale, beta = written_weights(theta)
    print("beta per context: " + " ".join(f"{b:.3f}" for b in beta))
    # The written (rounded) model, as the search sees it.
    theta_int = np.r_[w_int.astype(np.float64), hand_scale.astype(np.float64)]
    report("training data", train, theta_int)
    for path in args.test:
        report(f"held out ({path})", Data([path]), theta_int)
    write_inc(args.out, w_int, hand_scale, ["bench/fit_order_model.py"] + sys.argv[1:],
              args.train)


if __name__ == "__main__":
    main()
