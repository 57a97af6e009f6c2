m4_dnl clx-safe.m4 -- read by m4 before every template (clx expand, clx run), unless
m4_dnl --allow-shell: a template is text to expand, not a program to run, so the builtins
m4_dnl that run commands, write files or call other builtins by name are removed.  A
m4_dnl template that uses one gets the name back as plain text, and its build fails.
m4_dnl Files a template includes are checked by clx afterwards (the #line markers of -s).
m4_divert(-1)
m4_undefine(`m4_syscmd')
m4_undefine(`m4_esyscmd')
m4_undefine(`m4_sysval')
m4_undefine(`m4_builtin')
m4_undefine(`m4_maketemp')
m4_undefine(`m4_mkstemp')
m4_undefine(`m4_debugfile')
m4_undefine(`m4_undivert')
m4_divert(0)m4_dnl
