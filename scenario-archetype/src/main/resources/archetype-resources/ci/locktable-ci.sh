#!/usr/bin/env bash
# The project's CI in one script (.github/workflows/locktable.yml and .gitlab-ci.yml run it; so can you):
#
#   1. builds the project (mvn -B clean verify): the compile checks every expectation, the suites run;
#   2. renders the scenario pages: unpacks the processor's page bundle,
#      target/test-classes/locktable/scenarios.pages, into target/locktable-pages/ (index.md and a page per
#      scenario class, <package path>/<Class>.md, and its chart when it has one);
#   3. compares them with the committed copy, docs/locktable/, and fails naming every file that drifted.
#
#   ci/locktable-ci.sh [--update] [MAVEN ARGUMENTS...]
#
#   --update   rewrite docs/locktable/ to this build's rendering (then commit it) instead of failing
#   other arguments go to Maven (e.g. -o, -Dmaven.repo.local=DIR); MVN names the mvn command (default: mvn)
#
# docs/locktable/ belongs to this script: a file in it that the build does not render is drift too. The rendering is
# left in target/locktable-pages/, where the CI files pick it up as the build's artifact.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly BUNDLE=target/test-classes/locktable/scenarios.pages
readonly RENDERED=target/locktable-pages
readonly COMMITTED=docs/locktable
# The bundle's first line (org.locktable.engine.scenario.ScenarioPages): then per file, sorted by path, a line
# '== <path> <bytes>', the file's bytes and a newline.
readonly HEADER="# locktable scenario pages: '== path bytes', then the file; written by the locktable annotation processor, unpacked by locktable docs"

say() { printf 'locktable-ci: %s\n' "$*"; }
die() { printf 'locktable-ci: %s\n' "$*" >&2; exit 1; }

update=false
maven_args=()
for arg in "$@"; do
    case "$arg" in
        --update) update=true ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) maven_args+=("$arg") ;;
    esac
done
mvn_cmd="${MVN:-mvn}"

# 1. The build. clean: the pages come from this compilation, never from an earlier one's leftovers.
say "building: $mvn_cmd -B ${maven_args[*]+${maven_args[*]} }clean verify"
if ! "$mvn_cmd" -B ${maven_args[@]+"${maven_args[@]}"} clean verify; then
    die "the build failed (a scenario's expectation, a suite or the processor guard; see above): nothing rendered"
fi

# 2. The rendering.
[ -f "$BUNDLE" ] || die "the build wrote no $BUNDLE: is the processor's Markdown off (-Alocktable.markdown=off)?"
rm -rf "$RENDERED"
mkdir -p "$RENDERED"
# Byte counts: the C locale makes awk's length() count bytes.
LC_ALL=C awk -v out="$RENDERED" -v header="$HEADER" '
    function fail(message) { print "locktable-ci: " FILENAME ": " message > "/dev/stderr"; failed = 1; exit 1 }
    NR == 1 {
        if ($0 != header) fail("not a page bundle this script reads (its first line differs): take ci/locktable-ci.sh from the scenario archetype of the locktable version the pom names")
        next
    }
    !inside {
        if (substr($0, 1, 3) != "== ") fail("line " NR ": expected \"== <path> <bytes>\"")
        entry = substr($0, 4)
        space = match(entry, / [0-9]+$/)
        if (space <= 1) fail("line " NR ": expected \"== <path> <bytes>\"")
        path = substr(entry, 1, space - 1)
        size = substr(entry, space + 1) + 0
        if (path ~ /^\// || path ~ /(^|\/)\.\.?(\/|$)/ || path ~ /[\047\\]/) fail("line " NR ": not a page path: " path)
        file = out "/" path
        dir = file
        sub(/\/[^\/]*$/, "", dir)
        if (!(dir in made)) {
            if (system("mkdir -p \047" dir "\047") != 0) fail("cannot create " dir)
            made[dir] = 1
        }
        inside = 1
        started = 0
        next
    }
    {
        content = started ? content "\n" $0 : $0
        started = 1
        if (length(content) > size) fail("line " NR ": " path " is longer than its " size " bytes")
        if (length(content) == size) {
            printf "%s", content > file
            close(file)
            inside = 0
            content = ""
        }
    }
    END {
        if (failed) exit 1
        if (inside) fail("cut short in " path)
        if (NR == 0) fail("empty")
    }
' "$BUNDLE"

# 3. The comparison, file by file, in a fixed order.
files_under() { [ -d "$1" ] && (cd "$1" && find . -type f | sed 's|^\./||'); return 0; }
drift=()
while IFS= read -r f; do
    if [ ! -f "$COMMITTED/$f" ]; then
        drift+=("$COMMITTED/$f (rendered, not committed)")
    elif [ ! -f "$RENDERED/$f" ]; then
        drift+=("$COMMITTED/$f (committed, no longer rendered)")
    elif ! cmp -s "$COMMITTED/$f" "$RENDERED/$f"; then
        drift+=("$COMMITTED/$f (differs from the rendering)")
    fi
done < <({ files_under "$RENDERED"; files_under "$COMMITTED"; } | LC_ALL=C sort -u)
count=$(files_under "$RENDERED" | wc -l | tr -d ' ')

if [ ${#drift[@]} -eq 0 ]; then
    say "the $count files of $COMMITTED/ are this build's rendering (kept in $RENDERED/)"
    exit 0
fi
if $update; then
    rm -rf "$COMMITTED"
    mkdir -p "$(dirname "$COMMITTED")"
    cp -R "$RENDERED" "$COMMITTED"
    say "rewrote $COMMITTED/ to this build's rendering; commit it. What changed:"
    printf '  %s\n' "${drift[@]}"
    exit 0
fi
{
    say "$COMMITTED/ is not this build's rendering ($RENDERED/); ${#drift[@]} files drifted:"
    printf '  %s\n' "${drift[@]}"
    if [ ! -d "$COMMITTED" ]; then
        say "there is no $COMMITTED/: run ci/locktable-ci.sh --update and commit it"
    else
        say "if the change is meant, run ci/locktable-ci.sh --update and commit $COMMITTED/. The differences (at most 200 lines):"
        { diff -ruN "$COMMITTED" "$RENDERED" || true; } | head -n 200 || true
    fi
} >&2
exit 1
