#!/usr/bin/env bash
# Submits a whole tablebase build to Slurm as a chain of jobs: for each card
# count from --from to --cards, a job array building that card count's work
# units (ddtb-shard.sbatch), then a merge (ddtb-merge.sbatch) that waits for
# the whole array (--dependency=afterok), and the next card count's array
# waits for that merge; from 12 cards a second array and merge build the bound
# layers derived from the merged exact layers; a verify job
# (ddtb-verify.sbatch) ends the chain.
#
#   scripts/slurm/submit.sh --out /shared/tb --cards 20 --tasks 64 [options]
#
#   --out DIR          table directory, on a filesystem every node sees
#   --cards N          last card count (multiple of 4)
#   --tasks M          array tasks per card count (default 16)
#   --from C           first card count to submit (default 4; layers already
#                      in DIR are skipped by the jobs themselves)
#   --cpus C           CPUs (builder threads) per array task (default 1)
#   --build PATH       ddtb-build on the nodes (default: the one in PATH, else
#                      build/bin/ddtb-build of this checkout)
#   --sbatch "ARGS"    more sbatch options for every job (partition, account,
#                      time limit, memory: see docs/SCALE.md for sizes)
#   --verify "ARGS"    ddtb-build verify options for the final job (default:
#                      its defaults); --no-verify: no verify job
#
# Prints each job's id. A failed array task stops the chain at its merge
# (afterok); fix the cause and run this again with --from at that card
# count: finished units and layers are kept.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="" cards="" tasks=16 from=4 cpus=1 build="" extra="" verify_args="" verify=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --cards) cards=$2; shift 2 ;;
    --tasks) tasks=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --sbatch) extra=$2; shift 2 ;;
    --verify) verify_args=$2; shift 2 ;;
    --no-verify) verify=0; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "submit.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [[ -z $out || -z $cards ]]; then
  echo "submit.sh: --out DIR and --cards N are required (see --help)" >&2
  exit 2
fi
if (( cards % 4 != 0 || from % 4 != 0 || from < 4 || from > cards || tasks < 1 )); then
  echo "submit.sh: --cards and --from must be multiples of 4 with 4 <= from <= cards, --tasks >= 1" >&2
  exit 2
fi
if [[ -z $build ]]; then
  build=$(command -v ddtb-build || true)
  [[ -n $build ]] || build=$(cd "$here/../.." && pwd)/build/bin/ddtb-build
fi
[[ -x $build ]] || { echo "submit.sh: $build is not executable (use --build)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
for (( c = 4; c < from; c += 4 )); do
  for k in nt trump; do
    [[ -f $out/ddtb-$c-$k.tbl ]] || {
      echo "submit.sh: --from $from needs the $c-card tables in $out ($out/ddtb-$c-$k.tbl is missing)" >&2
      exit 2
    }
  done
done

# shellcheck disable=SC2086  # $extra holds several options on purpose
submit() { sbatch --parsable $extra "$@"; }

after=""
for (( c = from; c <= cards; c += 4 )); do
  # From 12 cards, two rounds: the exact layers, then the bound layers
  # derived from them (each shard builds whatever its card count still lacks).
  for (( round = 1; round <= (c >= 12 ? 2 : 1); round++ )); do
    array=$(submit ${after:+--dependency=afterok:$after} --array=0-$((tasks - 1)) \
      --cpus-per-task="$cpus" --job-name="ddtb-$c" "$here/ddtb-shard.sbatch" "$build" "$out" "$c")
    array=${array%%;*}
    merge=$(submit --dependency=afterok:"$array" --cpus-per-task="$cpus" --job-name="ddtb-merge-$c" \
      "$here/ddtb-merge.sbatch" "$build" "$out" "$c")
    merge=${merge%%;*}
    echo "$c cards$( (( c >= 12 )) && echo " (round $round: $( (( round == 1 )) && echo exact || echo bound) layers)"): array job $array ($tasks tasks), merge job $merge"
    after=$merge
  done
done
if (( verify )); then
  # shellcheck disable=SC2086  # verify options are words on purpose
  job=$(submit --dependency=afterok:"$after" --cpus-per-task="$cpus" --job-name=ddtb-verify \
    "$here/ddtb-verify.sbatch" "$build" "$out" $verify_args)
  echo "verify job ${job%%;*}"
fi
