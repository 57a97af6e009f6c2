# first5.py EXPERIMENT: per-row differences between runs a, b, c (EXPERIMENT-a.tsv ... unpacked from
# the .tsv.xz here) with each row's time as run, and as the median of only its first 5 round
# medians (round_ms): what the rows would have given without the rounds --target-se added.
import csv,statistics as st,sys
def load(f,R):
    out={}
    for x in csv.DictReader(open(f),delimiter='\t'):
        if x['status']!='ok': continue
        k=tuple(x[c] for c in x if c not in ('status',)) [:11]
        rm=[float(v) for v in x['round_ms'].split(';') if v]
        t=st.median(rm[:R]) if R else float(x['median_ms'])
        out[k]=t
    return out
def p95(v): v=sorted(v); return v[int(0.95*(len(v)-1))]
exp=sys.argv[1]
for R in (0,5):
    runs={r:load(f'{exp}-{r}.tsv',R) for r in 'abc'}
    for p in ('ab','ac','bc'):
        A,B=runs[p[0]],runs[p[1]]
        cls={'<5':[], '5-50':[], '>=50':[]}
        for k in A:
            if k not in B: continue
            ta,tb=A[k],B[k]; d=max(ta,tb)/min(ta,tb)-1; t=min(ta,tb)*1e3
            cls['<5' if t<5 else '5-50' if t<50 else '>=50'].append(d)
        print(exp, 'all rounds' if R==0 else f'first {R}', p, '  '.join(f"{c}: n {len(v)} med {100*st.median(v):.2f}% p95 {100*p95(v):.2f}%" for c,v in cls.items() if v))
