m4_dnl clx.m4 -- macro library for clx OpenCL kernel templates (GNU m4 -P).
m4_dnl
m4_dnl clx expands a template with, from the clx home directory:
m4_dnl     m4 -P -s -I <clx-home>/m4 -DILP=4 -DUNROLL=8 ... templates/NAME.cl.m4
m4_dnl Every template starts with the line
m4_dnl     m4_include(`clx.m4')m4_dnl
m4_dnl -P prefixes every builtin with m4_ (m4_define, m4_dnl, m4_ifelse, ...), so
m4_dnl C identifiers such as index, len, format or eval stay plain text.
m4_dnl -s emits #line markers so OpenCL build errors name the template line.
m4_dnl
m4_dnl COMMENTS: this file calls m4_changecom(`//').  From here on a // comment
m4_dnl runs to the end of its line and is copied out unexpanded, while lines
m4_dnl starting with # (#pragma unroll UNROLL, #define N ILP) ARE expanded, so
m4_dnl parameters may appear in them.  /* ... */ comments are expanded as well.
m4_dnl
m4_dnl QUOTES are the m4 defaults, ` (open) and ' (close).  A lone ' in C code outside
m4_dnl quoted text is harmless; a backquote in C code opens a quote.
m4_dnl
m4_dnl Macro names used only inside this file start with m4_clx_.  Loop
m4_dnl variables are m4_i (examples), m4_k (ILP helpers) and m4_u (m4_unroll);
m4_dnl they are defined only while a loop body is being expanded.
m4_dnl
m4_dnl Everything below is discarded output (diversion -1); the guard makes a
m4_dnl second m4_include a no-op.  Comments inside the guarded block must keep
m4_dnl their quotes balanced (no apostrophes in prose).
m4_divert(-1)
m4_ifdef(`m4_clx_included', `', `
m4_dnl Usage: m4_ifdef(`m4_clx_included', ...)
m4_dnl Internal: the include guard, defined once this file has been read.
m4_define(`m4_clx_included', `1')

m4_changecom(`//')


m4_dnl ------------------------------------------------------------------
m4_dnl Errors
m4_dnl ------------------------------------------------------------------

m4_dnl Usage: m4_error(`message')
m4_dnl Print "FILE:LINE: message" on stderr and stop m4 with exit status 1.
m4_dnl FILE:LINE is the input location being expanded (the template line of
m4_dnl the outermost macro call).  Quote the message: it may contain commas.
m4_define(`m4_error',
`m4_errprint(m4___file__:m4___line__: `$1'
)m4_m4exit(`1')')

m4_dnl Usage: m4_clx_undefined(`NAME', `WHO')
m4_dnl Internal: the "is not defined" error for parameter NAME, given to WHO.  A
m4_dnl NAME that is no name (a number), or that is the value of a parameter (a
m4_dnl name such as float), is a parameter name left unquoted in the call, which
m4_dnl m4 replaced by its value before WHO read it: telling the user to add that
m4_dnl value to the params would send them the wrong way.
m4_define(`m4_clx_undefined',
`m4_ifelse(m4_regexp(`$1', `^[A-Za-z_][A-Za-z0-9_]*$'), `0',
`m4_ifelse(m4_clx_is_value(`$1'), `1', `m4_clx_unquoted(`$1', `$2')',
`m4_error(`parameter $1 is not defined: add $1 to the params of the spec (or to each variant)')')',
`m4_clx_unquoted(`$1', `$2')')')
m4_dnl Usage: m4_clx_unquoted(`VALUE', `WHO')
m4_dnl Internal: the error for a parameter name left unquoted, given as VALUE.
m4_define(`m4_clx_unquoted',
`m4_error(`$2 was given $1, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, $2(`NAME', ...)')')

m4_dnl Usage: m4_clx_is_value(`WORD')
m4_dnl Internal: 1 when WORD is the value of one of the parameters clx defined
m4_dnl (m4_clx_params: their names, each quoted, which clx passes as -D), else 0;
m4_dnl 0 also where m4 runs without that list.
m4_define(`m4_clx_is_value',
`m4_ifdef(`m4_clx_params', `m4_clx_value_of(`$1', m4_clx_params)', `0')')
m4_dnl Usage: m4_clx_value_of(`WORD', `NAME1', `NAME2', ...)
m4_dnl Internal: 1 when WORD is the value of one of the parameters NAME1 ..., else 0.
m4_define(`m4_clx_value_of',
`m4_ifelse(`$#', `1', `0', `$2', `', `0',
m4_ifdef(`$2', `m4_defn(`$2')'), `$1', `1',
`$#', `2', `0',
`m4_clx_value_of(`$1', m4_shift(m4_shift($@)))')')

m4_dnl Usage: m4_clx_is_int(`TEXT')
m4_dnl Internal: 1 when TEXT is a plain integer literal (optional minus sign,
m4_dnl then 0, a decimal number without leading zero, or 0x hex), else 0.
m4_define(`m4_clx_is_int',
`m4_ifelse(m4_regexp(`$1', `^-?\(0\|[1-9][0-9]*\|0[xX][0-9a-fA-F]+\)$'), `0',
`1', `0')')

m4_dnl Usage: m4_clx_int(`WHO', EXPR)
m4_dnl Internal: the value of the m4_eval expression EXPR, or an error
m4_dnl "WHO: EXPR is not an integer expression" when it is empty or bad.
m4_define(`m4_clx_int',
`m4_ifelse(m4_regexp(`$2', `[^ 	]'), `-1',
`m4_error(`$1: empty integer expression')',
`m4_clx_int_(`$1', `$2', m4_eval($2))')')
m4_dnl Usage: m4_clx_int_(`WHO', `EXPR', VALUE)
m4_dnl Internal: VALUE, or the error when m4_eval gave nothing.
m4_define(`m4_clx_int_',
`m4_ifelse(`$3', `',
`m4_error(`$1: $2 is not an integer expression')', `$3')')

m4_dnl Usage: m4_clx_count(`WHO', N, MIN)
m4_dnl Internal: N evaluated, which must be an integer >= MIN.
m4_define(`m4_clx_count',
`m4_clx_count_(`$1', `$2', m4_clx_int(`$1', `$2'), `$3')')
m4_dnl Usage: m4_clx_count_(`WHO', `N', VALUE, MIN)
m4_dnl Internal: VALUE when VALUE >= MIN, else the error.
m4_define(`m4_clx_count_',
`m4_ifelse(m4_eval(`$3 >= $4'), `1', `$3',
`m4_error(`$1: N=$3 must be >= $4')')')


m4_dnl ------------------------------------------------------------------
m4_dnl Parameter checks (parameters arrive as -DNAME=value)
m4_dnl ------------------------------------------------------------------

m4_dnl Usage: m4_assert_defined(`NAME', ...)
m4_dnl Each NAME must be defined, else
m4_dnl "FILE:LINE: parameter NAME is not defined: add NAME to the params of
m4_dnl the spec (or to each variant)", exit 1.
m4_define(`m4_assert_defined',
`m4_ifelse(`$1', `', `',
`m4_ifdef(`$1', `', `m4_clx_undefined(`$1', `m4_assert_defined')')')m4_dnl
m4_ifelse(`$#', `0', `', `$#', `1', `',
`m4_assert_defined(m4_shift($@))')')

m4_dnl Usage: m4_assert_range(`NAME', LO, HI)
m4_dnl NAME must be defined as an integer with LO <= NAME <= HI, else
m4_dnl "FILE:LINE: parameter NAME=VALUE is out of range [LO, HI]" (or is not
m4_dnl defined, or is not an integer), exit 1.  LO and HI are m4_eval
m4_dnl expressions and may use other parameters.
m4_define(`m4_assert_range',
`m4_ifdef(`$1',
`m4_clx_range(`$1', m4_defn(`$1'), `$2', `$3')',
`m4_clx_undefined(`$1', `m4_assert_range')')')
m4_dnl Usage: m4_clx_range(`NAME', `VALUE', LO, HI)
m4_dnl Internal: the integer and range checks of m4_assert_range.
m4_define(`m4_clx_range',
`m4_ifelse(m4_clx_is_int(`$2'), `0',
`m4_error(`parameter $1=$2 is not an integer (expected one in [$3, $4])')',
`m4_ifelse(m4_eval(($3) <= ($2) && ($2) <= ($4)), `1', `',
`m4_error(`parameter $1=$2 is out of range [$3, $4]')')')')

m4_dnl Usage: m4_assert_in(`NAME', v1, v2, ...)
m4_dnl NAME must be defined with a value equal (as text) to one of v1 v2 ...,
m4_dnl else "FILE:LINE: parameter NAME=VALUE is not one of: v1 v2 ...", exit 1.
m4_define(`m4_assert_in',
`m4_ifdef(`$1',
`m4_ifelse(m4_clx_member(m4_defn(`$1'), m4_shift($@)), `1', `',
`m4_error(`parameter $1='m4_defn(`$1')` is not one of: 'm4_clx_join(m4_shift($@)))')',
`m4_clx_undefined(`$1', `m4_assert_in')')')

m4_dnl Usage: m4_clx_member(`VALUE', v1, v2, ...)
m4_dnl Internal: 1 when VALUE equals one of v1 v2 ..., else 0.
m4_define(`m4_clx_member',
`m4_ifelse(`$#', `1', `0',
`$1', `$2', `1',
`$#', `2', `0',
`m4_clx_member(`$1', m4_shift(m4_shift($@)))')')

m4_dnl Usage: m4_clx_join(v1, v2, ...)
m4_dnl Internal: the arguments separated by single spaces, quoted.
m4_define(`m4_clx_join',
`m4_ifelse(`$#', `0', `', `$#', `1', ``$1'',
``$1' m4_clx_join(m4_shift($@))')')

m4_dnl Usage: m4_assert(`EXPR', `message')
m4_dnl The m4_eval expression EXPR must be non-zero, else
m4_dnl "FILE:LINE: message", exit 1.  Example:
m4_dnl     m4_assert(`UNROLL % ILP == 0', `UNROLL must be a multiple of ILP')
m4_define(`m4_assert',
`m4_ifelse(m4_eval(($1) != 0), `1', `', `m4_error(`$2')')')

m4_dnl Usage: m4_default(`NAME', value)
m4_dnl Define NAME as value when it is not defined yet (expands to nothing).
m4_define(`m4_default',
`m4_ifdef(`$1', `', `m4_define(`$1', `$2')')')

m4_dnl Usage: m4_if_eq(A, B, `THEN', `ELSE')
m4_dnl THEN when A and B are the same text, else ELSE (m4_ifelse with 4 args).
m4_define(`m4_if_eq',
`m4_ifelse(`$1', `$2', `$3', `$4')')


m4_dnl ------------------------------------------------------------------
m4_dnl Loops
m4_dnl ------------------------------------------------------------------

m4_dnl Usage: m4_clx_args(`WHO', `USAGE', WANT, $#, `EXPANSION')
m4_dnl Internal: EXPANSION when the macro WHO got WANT arguments, else the error
m4_dnl "WHO takes WANT arguments (USAGE), not N".  A missing argument would
m4_dnl shift the others (the body read as TO), and an unquoted comma in a body
m4_dnl would cut it short without a word.
m4_define(`m4_clx_args',
`m4_ifelse(`$4', `$3', `$5', `m4_error(`$1 takes $3 arguments ($2), not $4')')')

m4_dnl Usage: m4_forloop(`VAR', FROM, TO, `BODY')
m4_dnl BODY once for each VAR = FROM, FROM+1, ..., TO (nothing when
m4_dnl FROM > TO).  FROM and TO are m4_eval expressions.  VAR is pushed
m4_dnl before and popped after the loop, so an earlier definition of VAR
m4_dnl comes back; loops nest.  Quote BODY (it may contain commas); paste
m4_dnl tokens with an empty quote: acc`'m4_i gives acc0, acc1, ...
m4_define(`m4_forloop',
`m4_clx_args(`m4_forloop', ``VAR', FROM, TO, `BODY'', 4, $#,
`m4_clx_loop(`$1', m4_clx_int(`m4_forloop FROM', `$2'),
m4_clx_int(`m4_forloop TO', `$3'), `$4')')')

m4_dnl Usage: m4_clx_loop(`VAR', FROM, TO, `BODY')
m4_dnl Internal: m4_forloop with FROM and TO already plain integers.
m4_define(`m4_clx_loop',
`m4_ifelse(m4_eval(`$2 <= $3'), `1',
`m4_pushdef(`$1')m4_clx_loop_(`$1', `$2', `$3', `$4')m4_popdef(`$1')')')
m4_dnl Usage: m4_clx_loop_(`VAR', I, TO, `BODY')
m4_dnl Internal: one step (VAR = I, BODY), then the rest up to TO.
m4_define(`m4_clx_loop_',
`m4_define(`$1', `$2')$4`'m4_ifelse(`$2', `$3', `',
`m4_clx_loop_(`$1', m4_incr(`$2'), `$3', `$4')')')

m4_dnl Usage: m4_unroll(N, `BODY')
m4_dnl BODY N times (N >= 0), with m4_u = 0, 1, ..., N-1 inside BODY.
m4_dnl Example: m4_unroll(3, `s += x[m4_u];') gives s += x[0];s += x[1];s += x[2];
m4_define(`m4_unroll',
`m4_clx_args(`m4_unroll', `N, `BODY'', 2, $#,
`m4_clx_loop(`m4_u', `0', m4_eval(m4_clx_count(`m4_unroll', `$1', `0') - 1),
`$2')')')


m4_dnl ------------------------------------------------------------------
m4_dnl ILP helpers: N independent accumulators PREFIX0 .. PREFIX{N-1}
m4_dnl ------------------------------------------------------------------

m4_dnl Usage: m4_ilp_decl(TYPE, PREFIX, N, `INIT')
m4_dnl Gives "TYPE PREFIX0 = INIT, PREFIX1 = INIT, ...;" (N >= 1).  INIT may
m4_dnl use m4_k, the accumulator index; quote INIT when it does or when it
m4_dnl contains commas.  Example: m4_ilp_decl(float, acc, 2, `x + m4_k')
m4_dnl gives float acc0 = x + 0, acc1 = x + 1;
m4_define(`m4_ilp_decl',
`m4_clx_args(`m4_ilp_decl', `TYPE, PREFIX, N, `INIT'', 4, $#,
`$1 m4_clx_loop(`m4_k', `0', m4_eval(m4_clx_count(`m4_ilp_decl', `$3', `1') - 1),
`m4_ifelse(m4_k, `0', `', `, ')$2`'m4_k = $4');')')

m4_dnl Usage: m4_ilp_each(N, `BODY')
m4_dnl BODY N times (N >= 0) with m4_k = 0, 1, ..., N-1, e.g.
m4_dnl     m4_ilp_each(ILP, `acc`'m4_k = fma(acc`'m4_k, a, b);')
m4_define(`m4_ilp_each',
`m4_clx_args(`m4_ilp_each', `N, `BODY'', 2, $#,
`m4_clx_loop(`m4_k', `0', m4_eval(m4_clx_count(`m4_ilp_each', `$1', `0') - 1),
`$2')')')

m4_dnl Usage: m4_ilp_sum(PREFIX, N)
m4_dnl Gives "(PREFIX0 + PREFIX1 + ... + PREFIX{N-1})" (N >= 1).
m4_define(`m4_ilp_sum',
`m4_clx_args(`m4_ilp_sum', `PREFIX, N', 2, $#,
`(m4_clx_loop(`m4_k', `0', m4_eval(m4_clx_count(`m4_ilp_sum', `$2', `1') - 1),
`m4_ifelse(m4_k, `0', `', ` + ')$1`'m4_k'))')')
')
m4_divert(0)m4_dnl
