# complete.zsh: types a command line and a completion key into an interactive zsh on a pseudo-terminal (zpty), with the completion functions of a directory, and prints the candidates zsh offers, sorted, one per line (for completion.sh).
# usage: zsh -f complete.zsh DIR DUMP LINE
# (DUMP: compinit's dump file, made by the first call, read by the next)
#
# The inner shell's compadd is wrapped: each call that adds matches first
# asks the builtin for the matches it would add (-O, after zsh's own
# filtering by the word under the cursor) and prints them after a marker;
# calls that only compute (-O, -A, -D) pass through.  The key runs the
# completion and then prints an end marker to wait for.  The set-up is
# sourced from a file, so the terminal's echo of what is typed never
# holds a marker.
zmodload zsh/zpty || exit 3
dir=$1
dump=$2
line=$3
setup=$(mktemp) || exit 3
trap 'rm -f $setup' EXIT
cat >$setup <<'EOS'
PS1='' PS2='' RPS1=''
autoload -Uz compinit
compinit -u -d "$bc_dump"
zstyle ':completion:*' list-prompt ''
zstyle ':completion:*' menu no
compadd() {
	local -a bc_m
	if [[ " $* " == *" "-[OAD]* ]]; then
		builtin compadd "$@"
		return
	fi
	builtin compadd -O bc_m "$@"
	local m
	for m in $bc_m; do
		print -rn -- $'\n<<M>>'"$m"
	done
	builtin compadd "$@"
}
bc-complete() {
	zle complete-word
	print -rn -- $'\n<<END>>\n'
}
zle -N bc-complete
bindkey '^T' bc-complete
EOS
zpty bc zsh -f -i || exit 3
zpty -w bc "fpath=(${(q)dir} \$fpath); bc_dump=${(q)dump}; . ${(q)setup}"
zpty -w -n bc "$line"$'\C-t'
out=""
zpty -r bc out '*<<END>>*' || exit 3
zpty -d bc
print -r -- "$out" | tr -d '\r' | sed -n 's/^<<M>>//p' | LC_ALL=C sort -u
