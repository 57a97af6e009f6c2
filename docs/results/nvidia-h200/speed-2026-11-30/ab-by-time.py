#!/usr/bin/env python3
# ab-by-time.py — call u: the median ratio of arm B's rows to arm A's (geometric means of two runs each) by row time,
# beside A2/A1 and B2/B1. Usage: ab-by-time.py A1 A2 B1 B2 (run folders of memcopy_ilp or taylor).
import sys,csv,math,statistics as st
def load(d):
    import glob
    f=glob.glob(d+'/memcopy_ilp-*/results.tsv') or glob.glob(d+'/taylor-*/results.tsv')
    rows={}
    with open(f[0]) as fh:
        r=csv.reader(fh,delimiter='\t'); h=next(r)
        si=h.index('status'); mi=h.index('median_ms'); ri=h.index('rounds'); ti=h.index('trials')
        for x in r:
            if x[si]!='ok': continue
            rows[tuple(x[:si])]=(float(x[mi]),int(x[ri]),int(x[ti]))
    return rows
A=[load(sys.argv[1]),load(sys.argv[2])]; B=[load(sys.argv[3]),load(sys.argv[4])]
bins=[(0.05,0.1),(0.1,0.2),(0.2,0.5),(0.5,1),(1,1e9)]
for lo,hi in bins:
    rab=[];raa=[];rbb=[]
    for k in A[0]:
        if not all(k in d for d in A+B): continue
        t=A[0][k][0]
        if not(lo<=t<hi): continue
        ga=math.sqrt(A[0][k][0]*A[1][k][0]); gb=math.sqrt(B[0][k][0]*B[1][k][0])
        rab.append(gb/ga); raa.append(A[1][k][0]/A[0][k][0]); rbb.append(B[1][k][0]/B[0][k][0])
    if rab: print(f"{lo}-{hi} ms n={len(rab)} B/A median {st.median(rab):.4f} A2/A1 {st.median(raa):.4f} B2/B1 {st.median(rbb):.4f}; rounds A {st.mean([A[0][k][1] for k in A[0] if lo<=A[0][k][0]<hi]):.1f}")
