#!/usr/bin/env python3
"""A model of TouchPredictor's velocity fit (the least-squares line through the samples of the last 50 ms, at most 8,
extrapolated from the line's own position at the newest sample to the presentation time) with the fit's weights
rising linearly from the oldest sample (weight w0) to the newest (1): w0 = 1 is the predictor as it is. Prints,
per weighting, the error at a constant 1000 px/s 40 ms ahead (whole px, +-0.5 ms jitter: TouchPredictorTests'
constantSpeed case, median and max of |error|), the error p50 right after the bench's 60 ms speed-up to 1000 px/s
72 ms ahead with whole-ms times (nested), by how long the newest sample had cruised, and |error| p50/p90/max at a
constant 1000 px/s 72 ms ahead with whole-ms times. The braking branch is left out (it acts only on a finger
slowing down). Standard library only; deterministic (seeded).

  scripts/model-predictor-weights.py
"""
import random, math
RATE=120.0
def fit(ts, ys, weights):
    t0=ts[-1]
    sw=sum(weights); st=sum(w*(t-t0) for w,t in zip(weights,ts)); sy=sum(w*y for w,y in zip(weights,ys))
    stt=sum(w*(t-t0)**2 for w,t in zip(weights,ts)); sty=sum(w*(t-t0)*y for w,t,y in zip(weights,ts,ys))
    det=sw*stt-st*st
    v=(sw*sty-st*sy)/det; a=(sy-v*st)/sw
    return a, v   # position of the line at newest, velocity
def predict(samples, horizon, scheme):
    newest=samples[-1][0]
    win=[s for s in samples[-8:] if newest-s[0]<=0.050]
    ts=[s[0] for s in win]; ys=[s[1] for s in win]
    if scheme=="flat": w=[1.0]*len(ts)
    elif scheme.startswith("lin"):
        lo=float(scheme[3:]); w=[lo+(1-lo)*(1-(newest-t)/0.050) for t in ts]
    a,v=fit(ts,ys,w)
    return a+v*horizon
def path_const(t): return 1000*t
def drag_path(t, ramp=0.06):
    # from rest at t=0, speed up over ramp to 1000, then cruise
    if t<0: return 0
    if t<ramp: return 1000*t*t/(2*ramp)
    return 1000*ramp/2+1000*(t-ramp)
def samples_for(path, until, seed, whole_px=True, jitter=0.0005, whole_ms=False):
    r=random.Random(seed); out=[]; k=0
    while k/RATE<=until:
        t=k/RATE; y=path(t)
        if whole_px: y=round(y)
        ts=t+r.uniform(-jitter,jitter)
        if whole_ms: ts=math.floor(ts*1000)/1000+0.0005
        out.append((ts,y)); k+=1
    return out, (k-1)/RATE
def const_test(scheme):
    errs=[]; t=0.1; s=1
    while t<=1.0:
        smp,newest=samples_for(path_const,t,s)
        shown=newest+0.040
        errs.append(predict(smp,shown-smp[-1][0],scheme)-path_const(shown)); t+=0.0113; s+=1
    a=sorted(abs(e) for e in errs); return a[len(a)//2], a[-1]
def transient(scheme, horizon=0.072, whole_ms=True):
    # frames whose newest sample is 0..130 ms into the cruise
    res=[]
    for seed in range(40):
        for into in [i*0.005 for i in range(0,27)]:
            until=0.06+into
            smp,newest=samples_for(drag_path,until,seed*100+int(into*1000),whole_px=False,jitter=0.0003,whole_ms=whole_ms)
            shown=newest+horizon
            res.append((into, predict(smp,shown-smp[-1][0],scheme)-drag_path(shown)))
    return res
for scheme in ["flat","lin0.5","lin0.25","lin0.0"]:
    med,mx=const_test(scheme)
    tr=transient(scheme)
    def m(lo,hi):
        v=sorted(e for i,e in tr if lo<=i<hi); return v[len(v)//2]
    print(f"{scheme:8} const40ms median {med:.2f} max {mx:.2f} | transient err p50 by ms into cruise: 0-25 {m(0,.025):+.2f} 25-50 {m(.025,.05):+.2f} 50-75 {m(.05,.075):+.2f} 75-100 {m(.075,.1):+.2f} 100-130 {m(.1,.131):+.2f}")
print("steady at 72 ms, whole-ms times (nested):")
def const_nested(scheme):
    errs=[]; t=0.1; s=1
    while t<=3.0:
        smp,newest=samples_for(path_const,t,s,whole_px=False,jitter=0.0003,whole_ms=True)
        shown=newest+0.072
        errs.append(predict(smp,shown-smp[-1][0],scheme)-path_const(shown)); t+=0.0113; s+=1
    a=sorted(abs(e) for e in errs); return a[len(a)//2], a[int(len(a)*0.9)], a[-1]
for scheme in ["flat","lin0.5","lin0.25","lin0.0"]:
    print(scheme, ["%.2f"%x for x in const_nested(scheme)])
