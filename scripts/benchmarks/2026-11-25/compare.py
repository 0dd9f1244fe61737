# Before/after tables of a directory's JMH results (default: this one):
# python3 compare.py [DIR] > DIR/compare.md
import json, glob, os, sys
d=os.path.abspath(sys.argv[1]) if len(sys.argv)>1 else os.path.dirname(os.path.abspath(__file__))
def load(f):
    out={}
    txt=open(f).read()
    if not txt.strip(): return out
    for r in json.loads(txt):
        name=r['benchmark'].split('.')[-2]+'.'+r['benchmark'].split('.')[-1]
        params=','.join(f"{v}" for k,v in sorted(r.get('params',{}).items()))
        m=r['primaryMetric']
        out[(name,params)]=(m['score'],m['scoreError'],m['scoreUnit'])
    return out
suites=sorted(set(os.path.basename(f).rsplit('-',1)[0] for f in glob.glob(d+'/*-after.json')))
for s in suites:
    a=load(f"{d}/{s}-after.json")
    b=load(f"{d}/{s}-before.json") if os.path.exists(f"{d}/{s}-before.json") else {}
    print(f"\n### {s}")
    print("| cell | before | after | after/before |")
    print("|---|---:|---:|---:|")
    for k in sorted(a, key=lambda k:(k[0],k[1])):
        sa,ea,u=a[k]
        if k in b:
            sb,eb,_=b[k]
            print(f"| {k[0].split('.')[1]} {k[1]} | {sb:,.1f} ± {eb:,.1f} | {sa:,.1f} ± {ea:,.1f} | {sa/sb:.2f} |")
        else:
            print(f"| {k[0].split('.')[1]} {k[1]} | – | {sa:,.1f} ± {ea:,.1f} {u} | – |")
