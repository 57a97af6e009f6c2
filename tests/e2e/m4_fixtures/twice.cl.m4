m4_include(`clx.m4')m4_dnl
m4_define(`m4_ilp_sum', `kept')m4_dnl
m4_include(`clx.m4')m4_dnl
after two includes ILP m4_ilp_sum(acc, 2)
