# Sourced by the before/after benchmark scripts: alternate OUT BEFORE AFTER STEP calls the shell
# function STEP with a jar and a file prefix (OUT/<round>-<side>) for each round of ROUNDS
# (default: before after after before), and appends the JDK, the start and the end of each
# round, with the load average, to OUT/env.txt.
alternate() {
  out=$1
  before=$2
  after=$3
  step=$4
  mkdir -p "$out"
  { java -version 2>&1; echo "start: $(date -u) $(uptime)"; } >> "$out/env.txt"
  n=0
  for side in ${ROUNDS:-before after after before}; do
    n=$((n + 1))
    [ "$side" = before ] && jar=$before || jar=$after
    "$step" "$jar" "$out/$n-$side"
    echo "$n $side end: $(date -u) $(uptime)" >> "$out/env.txt"
  done
}
