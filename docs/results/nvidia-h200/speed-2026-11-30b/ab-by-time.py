#!/usr/bin/env python3
# ab-by-time.py — how far arm B's rows sit from arm A's, by row time (and for memcopy_ilp by GPC):
# the median of B/A over the rows of each class, one figure per pair of runs.
# Usage (from the call's folder): ab-by-time.py NAME A_DIR:B_DIR ...  (each DIR holds one run folder
# named *-2026*, with its results.tsv)
import csv,sys,math,statistics as st
def load(d):
    import glob
    f=glob.glob(d+'/*-2026*/results.tsv')[0]
    rows={}
    with open(f) as fh:
        lines=[l for l in fh if not l.startswith('#')]
    r=csv.DictReader(lines,delimiter='\t')
    cols=r.fieldnames; ks=cols.index('status')
    for x in r:
        if x['status']!='ok': continue
        rows[tuple(x[c] for c in cols[:ks])]=x
    return rows,cols[:ks]
def ratio(a,b,group):
    A,keys=load(a); B,_=load(b)
    out={}
    for k,x in A.items():
        if k not in B: continue
        g=group(dict(zip(keys,k)),float(x['median_ms']))
        out.setdefault(g,[]).append(float(B[k]['median_ms'])/float(x['median_ms']))
    return out
def tb(t):
    us=t*1e3
    return '<5us' if us<5 else '5-50us' if us<50 else '50-200us' if us<200 else '200us-1ms' if us<1000 else '>=1ms'
exp=sys.argv[1]; pairs=sys.argv[2:]
for kind in ('time','gpc'):
    res={}
    for p in pairs:
        a,b=p.split(':')
        grp=(lambda k,t: tb(t)) if kind=='time' else (lambda k,t: ('GPC=%s'%k.get('GPC','?'),tb(t)))
        for g,v in ratio(a,b,grp).items(): res.setdefault(g,[]).append((len(v),math.exp(st.median([math.log(x) for x in v]))))
    for g in sorted(res, key=str):
        print(exp, kind, g, ' '.join('n=%d %+.2f%%'%(n,(m-1)*100) for n,m in res[g]))
