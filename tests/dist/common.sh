# Shared by the distributed tests' scripts (sourced).

# same_tables REF DIR CARDS: every table file of 4..CARDS cards in DIR is
# byte for byte the reference's, and DIR holds nothing else (no unit
# directories, no temporary files).
same_tables() {
  local ref=$1 dir=$2 cards=$3 c k bad=0
  for (( c = 4; c <= cards; c += 4 )); do
    for k in nt trump; do
      if ! cmp -s "$ref/ddtb-$c-$k.tbl" "$dir/ddtb-$c-$k.tbl"; then
        echo "FAIL: $dir/ddtb-$c-$k.tbl differs from the reference $ref/ddtb-$c-$k.tbl"
        bad=1
      fi
    done
  done
  local extra
  extra=$(cd "$dir" && ls -A | grep -v '^ddtb-[0-9]*-\(nt\|trump\)\.tbl$' || true)
  if [[ -n $extra ]]; then
    echo "FAIL: left in $dir: $extra"
    bad=1
  fi
  (( bad == 0 )) && echo "tables of $dir equal the reference byte for byte"
  return $bad
}

# expect_fail STATUS TEXT COMMAND...: the command exits with STATUS and
# prints TEXT on standard error.
expect_fail() {
  local want=$1 text=$2 err rc=0
  shift 2
  err=$("$@" 2>&1 >/dev/null) || rc=$?
  if [[ $rc -ne $want || $err != *"$text"* ]]; then
    echo "FAIL: '$*' exited $rc (want $want) with: $err (want: $text)"
    return 1
  fi
  echo "ok: '$*' refused: ${err%%$'\n'*}"
}
