import csv,sys,statistics as st
def load(p):
    rows={}
    with open(p) as f:
        r=csv.reader((l for l in f if not l.startswith('#')),delimiter='\t')
        h=next(r)
        for x in r:
            d=dict(zip(h,x))
            k=(d['variant'],d['LOOP'],d['VEC'],d['build'],d['N'],d['TERMS'],d['NGROUPS'],d['local'])
            try: rows[k]=(float(d['median_ms']),int(d['batch']))
            except: pass
    return rows
a=load(sys.argv[1]); b=load(sys.argv[2])
rs=[];rb={}
for k in a:
    if k in b and a[k][0]>0:
        r=b[k][0]/a[k][0]; rs.append(r)
        rb.setdefault(a[k][1],[]).append(r)
rs.sort()
print(len(rs),'median %.4f p5 %.4f p95 %.4f'%(st.median(rs),rs[int(.05*len(rs))],rs[int(.95*len(rs))]))
for bt in sorted(rb): 
    v=sorted(rb[bt]); print(' batch',bt,len(v),'median %.4f p5 %.4f p95 %.4f'%(st.median(v),v[int(.05*len(v))],v[int(.95*len(v))]))
