# complete.bash: runs a bash completion function on a command line as bash would on TAB and prints the candidates sorted, one per line (for completion.sh).
# usage: bash complete.bash FILE FUNCTION WORD...   (FILE defines FUNCTION;
# the words are COMP_WORDS, the last one is under the cursor)
file=$1
func=$2
shift 2
# shellcheck source=/dev/null
. "$file" || exit 1
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMPREPLY=()
"$func" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
    "${COMP_WORDS[COMP_CWORD - 1]}" || exit 1
[ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort
