#!/usr/bin/env python3
"""Fails on a reference in the repository to something that is not there.

Run by CTest:  python3 tests/check_links.py <repository>   (ddtb_links)
               python3 tests/check_links.py --self-test    (ddtb_links_selftest)

What it reads: every Markdown file, and the comments of the CMake files,
sources and scripts (C, C++, Python, JavaScript, TypeScript, shell, linker
scripts), outside build directories and node_modules. What it checks:

- Markdown links and images, [text](target): a relative target must name a
  file or directory inside the repository, and a #fragment must be the
  anchor of a heading of the Markdown file it names.
- Cited repository paths: a word that begins with one of the repository's
  top-level folders and a slash (a folder, a file, a glob pattern, or a
  module named without its suffix, as cli/board for board.hpp and
  board.cpp) must exist, from the root or from the citing file's folder.
  A Markdown file cited with a #fragment, or followed by a section name in
  quotes (a file name, a comma, then the heading's first words in double
  quotes), must have that heading. A word that is the tail of a longer path
  (after "/", "$" or "}") is not a citation.
- A bare Markdown name in capitals (FORMAT.md, USAGE.md) means the file
  next to the citing one, or at the repository's root.
- Sections are cited by name, not by number: "§4" goes stale when a
  document is rearranged (and named a document outside the repository).
- Nothing may point outside the repository: a relative path that climbs
  out of it, or the shared folder of the machines the project was begun on.
  The one exception is the optional folder of DDS's own hand lists beside
  the project (ALLOWED_OUTSIDE below), data the tests read when it is there
  (DDTB_REF_DIR), never a document.

Comment leaders (//, #, *) are dropped and lines joined before matching, so
a section name wrapped across comment lines is still read whole.
"""
import bisect
import glob
import os
import re
import sys
import tempfile

SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}
C_LIKE = (".c", ".h", ".cpp", ".hpp", ".js", ".mjs", ".ts", ".map")  # .map: linker scripts
HASH_COMMENTS = (".py", ".pyi", ".sh", ".sbatch", ".cmake", ".cmake.in", ".pc.in")
# Paths outside the repository that may be named: DDS's hand lists (data).
ALLOWED_OUTSIDE = {"../shared/ref", "../shared/ref/list100.txt", "../shared/ref/list1000.txt"}
# This file: its own examples are planted dead references.
SELF = "tests/check_links.py"

PATH_CHARS = r"[\w.+*/-]"
# A word may not start right after these (it would be the tail of a longer path).
NOT_BEFORE = r"(?<![\w./$}{@~-])"
MD_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
BARE_MD = re.compile(NOT_BEFORE + r"([A-Z][A-Z0-9_]*\.md)\b")
CLIMBING = re.compile(NOT_BEFORE + r"((?:\.\./)+\w" + PATH_CHARS + "*)")
SHARED = re.compile(r"/work/shared\b" + PATH_CHARS + "*")
SECTION = re.compile(r",?[ \t]+\"([^\"]+)\"")
FRAGMENT = re.compile(r"#([\w-]+)")
SECTION_NUMBER = re.compile(r"§\s*\d")
BLOCK_LEADER = re.compile(r"^\s*\*+(?!/)\s?")


def is_build_dir(rel):
    top = rel.split("/", 1)[0]
    return (top == "build" or top.startswith("build-") or rel == "python/build"
            or rel.endswith(".egg-info"))


def kind_of(rel):
    name = rel.rsplit("/", 1)[-1]
    if name.endswith(".md"):
        return "markdown"
    if name.endswith(C_LIKE):
        return "c"
    if name == "CMakeLists.txt" or name.endswith(HASH_COMMENTS):
        return "python" if name.endswith((".py", ".pyi")) else "hash"
    if "." not in name and rel.split("/", 1)[0] in ("scripts", ".ci", "tests"):
        return "hash"  # scripts without a suffix (.ci/run, tests/dist/fake-sbatch)
    return None


def repository_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        dirnames[:] = sorted(
            d for d in dirnames
            if d not in SKIP_DIRS and not is_build_dir(d if rel_dir == "." else rel_dir + "/" + d))
        for name in sorted(filenames):
            rel = name if rel_dir == "." else rel_dir + "/" + name
            if rel != SELF and kind_of(rel):
                yield rel


def c_comments(text):
    """The comments of C-like source, per line; code and strings dropped."""
    lines, cur = [], []
    i, n = 0, len(text)
    state = None  # None, "line", "block"
    while i < n:
        c = text[i]
        if c == "\n":
            lines.append("".join(cur))
            cur = []
            if state == "line":
                state = None
            i += 1
            continue
        if state == "line":
            cur.append(c)
            i += 1
        elif state == "block":
            if text.startswith("*/", i):
                state = None
                cur.append(" ")
                i += 2
            else:
                cur.append(c)
                i += 1
        elif text.startswith("//", i):
            state = "line"
            cur.append(" ")
            i += 2
        elif text.startswith("/*", i):
            state = "block"
            cur.append(" ")
            i += 2
        elif text.startswith('R"', i) and (i == 0 or not re.match(r"\w", text[i - 1])):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            skipped = text[i:end if end >= 0 else n]
            lines.extend([""] * skipped.count("\n"))
            i = (end + len(m.group(1)) + 2) if end >= 0 else n
        elif c in "\"'`":
            j = i + 1
            while j < n and text[j] != c and (c == "`" or text[j] != "\n"):
                j += 2 if text[j] == "\\" else 1
            lines.extend([""] * text.count("\n", i, j))
            i = j + 1
        else:
            i += 1
    lines.append("".join(cur))
    return [BLOCK_LEADER.sub("", line, count=1) for line in lines]


def hash_comments(text, python):
    """The comments of a script or CMake file (and Python's docstrings), per line."""
    out = []
    in_doc = None
    for line in text.split("\n"):
        if in_doc:
            end = line.find(in_doc)
            out.append(line if end < 0 else line[:end])
            if end >= 0:
                in_doc = None
            continue
        if python:
            m = re.match(r'\s*[rRbBuU]?("""|\'\'\')', line)
            if m:
                rest = line[m.end():]
                end = rest.find(m.group(1))
                out.append(rest if end < 0 else rest[:end])
                if end < 0:
                    in_doc = m.group(1)
                continue
        m = re.search(r"(?:^|\s)#+(?!\w)", line)
        out.append(line[m.end():] if m else "")
    return out


def github_anchor(heading):
    """The fragment GitHub gives a heading."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def normalize_title(text):
    return re.sub(r"\s+", " ", text.replace("`", "").replace("*", "")).strip().lower()


class Headings:
    """The headings of the Markdown files, read once each."""

    def __init__(self):
        self.cache = {}

    def of(self, path):
        if path not in self.cache:
            titles, anchors, seen, in_code = [], set(), {}, False
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.lstrip().startswith("```"):
                        in_code = not in_code
                        continue
                    m = None if in_code else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
                    if not m:
                        continue
                    titles.append(normalize_title(m.group(1)))
                    anchor = github_anchor(m.group(1))
                    k = seen.get(anchor, 0)
                    seen[anchor] = k + 1
                    anchors.add(anchor if k == 0 else f"{anchor}-{k}")
            self.cache[path] = (titles, anchors)
        return self.cache[path]


class Checker:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.headings = Headings()
        self.errors = []
        self.checked = 0
        tops = [n for n in os.listdir(self.root)
                if not n.startswith(".") and not is_build_dir(n) and n not in SKIP_DIRS
                and os.path.isdir(os.path.join(self.root, n))]
        self.cited_path = re.compile(
            NOT_BEFORE + r"((?:" + "|".join(sorted(map(re.escape, tops))) + r")/"
            + PATH_CHARS + "*)")

    def error(self, rel, line, message):
        self.errors.append(f"{rel}:{line}: {message}")

    def inside(self, path):
        real = os.path.realpath(path)
        return real == self.root or real.startswith(self.root + os.sep)

    def rel(self, path):
        return os.path.relpath(path, self.root).replace(os.sep, "/")

    def check_heading(self, rel, line, path, fragment=None, section=None):
        if not path.endswith(".md") or not os.path.isfile(path):
            return
        titles, anchors = self.headings.of(path)
        name = self.rel(path)
        if fragment is not None and fragment.lower() not in anchors:
            self.error(rel, line, f"{name}#{fragment}: no such heading in {name}")
        if section is not None:
            want = normalize_title(section)
            if not any(t.startswith(want) for t in titles):
                self.error(rel, line, f'{name}, "{section}": no such heading in {name}')

    def heading_after(self, rel, line, path, text, end):
        frag = FRAGMENT.match(text, end)
        sec = SECTION.match(text, end)
        self.check_heading(rel, line, path, frag.group(1) if frag else None,
                           sec.group(1) if sec else None)

    def check_file(self, rel):
        path = os.path.join(self.root, rel)
        with open(path, encoding="utf-8", errors="replace") as f:
            content = f.read()
        kind = kind_of(rel)
        if kind == "markdown":
            lines = content.split("\n")
        elif kind == "c":
            lines = c_comments(content)
        else:
            lines = hash_comments(content, kind == "python")
        # One text, lines joined, with the offset of each line.
        starts, at = [], 0
        for line in lines:
            starts.append(at)
            at += len(line) + 1
        text = " ".join(lines)

        def line_of(offset):
            return bisect.bisect_right(starts, offset)

        here = os.path.dirname(path)
        link_spans = []
        if kind == "markdown":
            link_spans = self.check_links(rel, text, here, line_of)
        self.check_cited(rel, text, here, line_of, link_spans)
        self.check_bare_md(rel, text, here, line_of)
        self.check_outside(rel, text, here, line_of, link_spans)

    def check_links(self, rel, text, here, line_of):
        spans = []
        for m in MD_LINK.finditer(text):
            spans.append(m.span(1))
            target = m.group(1)
            line = line_of(m.start())
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue  # https:, mailto:
            self.checked += 1
            path_part, _, fragment = target.partition("#")
            if not path_part:
                self.check_heading(rel, line, os.path.join(self.root, rel), fragment)
                continue
            path = os.path.normpath(os.path.join(here, path_part))
            if not self.inside(path):
                self.error(rel, line, f"{target}: a link outside the repository")
            elif not os.path.exists(path):
                self.error(rel, line, f"{target}: no such file or directory")
            elif fragment:
                self.check_heading(rel, line, path, fragment)
        return spans

    def check_cited(self, rel, text, here, line_of, link_spans):
        for m in self.cited_path.finditer(text):
            if any(a <= m.start(1) < b for a, b in link_spans):
                continue  # a link's target: check_links has seen it
            token = re.sub(r"[.,:;+-]+$", "", m.group(1))  # the end of a sentence
            if not token or "//" in token or is_build_dir(token.rstrip("/")):
                continue
            self.checked += 1
            line = line_of(m.start())
            found = None
            for base in (self.root, here):
                path = os.path.join(base, token)
                if any(c in token for c in "*?["):
                    if glob.glob(path):
                        found = path
                elif os.path.exists(path):
                    found = path
                elif not token.endswith("/") and glob.glob(path + ".*"):
                    found = path  # a module: cli/board for board.hpp and board.cpp
                if found:
                    break
            if not found:
                what = "matches no file" if any(c in token for c in "*?[") else \
                    "no such file or directory"
                self.error(rel, line, f"{token}: {what}")
                continue
            self.heading_after(rel, line, found, text, m.start() + len(token))

    def check_bare_md(self, rel, text, here, line_of):
        for m in BARE_MD.finditer(text):
            self.checked += 1
            name = m.group(1)
            line = line_of(m.start())
            found = [p for p in (os.path.join(here, name), os.path.join(self.root, name))
                     if os.path.isfile(p)]
            if not found:
                self.error(rel, line, f"{name}: neither next to {rel} nor at the repository's "
                           "root (name its folder)")
                continue
            self.heading_after(rel, line, found[0], text, m.end())

    def check_outside(self, rel, text, here, line_of, link_spans):
        for m in SECTION_NUMBER.finditer(text):
            self.checked += 1
            self.error(rel, line_of(m.start()), "a section cited by number (§): cite its heading")
        for m in SHARED.finditer(text):
            self.checked += 1
            self.error(rel, line_of(m.start()), f"{m.group(0)}: a path outside the repository")
        for m in CLIMBING.finditer(text):
            if any(a <= m.start(1) < b for a, b in link_spans):
                continue  # a link's target: check_links has seen it
            token = m.group(1).rstrip(".,;:")
            self.checked += 1
            if os.path.exists(os.path.join(here, token)) and self.inside(os.path.join(here, token)):
                continue  # relative to the citing file, inside
            from_root = os.path.normpath(os.path.join(self.root, token))
            if self.inside(from_root):
                continue
            if self.rel(from_root).rstrip("/") not in ALLOWED_OUTSIDE:
                self.error(rel, line_of(m.start()),
                           f"{token}: points outside the repository (carry it in the project)")

    def run(self):
        files = list(repository_files(self.root))
        for rel in files:
            self.check_file(rel)
        return files


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2:
        print("usage: check_links.py <repository> | --self-test", file=sys.stderr)
        return 2
    checker = Checker(argv[1])
    files = checker.run()
    for e in checker.errors:
        print(e)
    if checker.errors:
        print(f"{len(checker.errors)} dead reference(s) in {len(files)} files", file=sys.stderr)
        return 1
    print(f"links and cited paths: {checker.checked} references in {len(files)} files, all there")
    return 0


def self_test():
    """A small tree with good references and one dead reference of each kind."""
    files = {
        "README.md": "# Top\n\n## Quick start\n\n[ok](docs/A.md#the-part) [bad](docs/B.md)\n"
                     "[bad anchor](docs/A.md#nowhere) [here](#quick-start) [gone](#nowhere)\n"
                     "See docs/A.md, \"The part\" and docs/A.md, \"No part\".\n"
                     "Outside: [up](../x.md), ../shared/ref/list100.txt, ../shared/DESIGN.md.\n",
        "docs/A.md": "# A\n\n## The part\n\nNext door: B.md is missing, A.md is here; "
                     "/work/shared/x.txt is not ours.\n",
        "src/x.cpp": "// See docs/A.md and src/y.hpp (gone), src/*.cpp and src/*.hpp.\n"
                     "// Wrapped: docs/A.md, \"The\n// part\".\n"
                     "#include \"src/gone.hpp\"  // DESIGN.md, DESIGN §5\n"
                     "const char* p = \"docs/C.md\";  /* src/x, a module;\n"
                     " * src/w too */\n",
        "scripts/run": "#!/bin/sh\n# tests/ is a folder; ../up/x is not ours.\necho docs/D.md\n",
        "CMakeLists.txt": "# tests/wasm.cmake is cited, src/ exists.\n"
                          "set(x ${PROJECT_BINARY_DIR}/src/z.cpp lib/cmake/x.cmake)\n",
    }
    expected = [
        "README.md:5: docs/B.md: no such file or directory",
        "README.md:6: docs/A.md#nowhere: no such heading in docs/A.md",
        "README.md:6: README.md#nowhere: no such heading in README.md",
        "README.md:7: docs/A.md, \"No part\": no such heading in docs/A.md",
        "README.md:8: ../x.md: a link outside the repository",
        "README.md:8: ../shared/DESIGN.md: points outside the repository (carry it in the project)",
        "docs/A.md:5: B.md: neither next to docs/A.md nor at the repository's root "
        "(name its folder)",
        "docs/A.md:5: /work/shared/x.txt: a path outside the repository",
        "src/x.cpp:1: src/y.hpp: no such file or directory",
        "src/x.cpp:1: src/*.hpp: matches no file",
        "src/x.cpp:4: DESIGN.md: neither next to src/x.cpp nor at the repository's root "
        "(name its folder)",
        "src/x.cpp:4: a section cited by number (§): cite its heading",
        "src/x.cpp:6: src/w: no such file or directory",
        "scripts/run:2: ../up/x: points outside the repository (carry it in the project)",
        "CMakeLists.txt:1: tests/wasm.cmake: no such file or directory",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "tests"))
        for rel, content in files.items():
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w", encoding="utf-8") as f:
                f.write(content)
        checker = Checker(tmp)
        checker.run()
    missing = [e for e in expected if e not in checker.errors]
    extra = [e for e in checker.errors if e not in expected]
    for e in missing:
        print(f"not reported: {e}")
    for e in extra:
        print(f"reported wrongly: {e}")
    if missing or extra:
        return 1
    print(f"self-test: the {len(expected)} planted dead references reported, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
