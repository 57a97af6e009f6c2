#!/usr/bin/env python3
# search_vs_sweep.py — issue 46's test of clx run --search against the brute-force sweep of the
# same space on the same device: for each search folder, the configuration it found, that
# configuration's figure in the sweep (GFLOP/s, GB/s, or 1/time: what the search ranks), its share
# of the sweep's best, the device seconds the search spent against the sweep's, and the seconds it
# took to first hold a configuration within 1% of the sweep's best (its trajectory, search.tsv).
# Usage: search_vs_sweep.py SWEEP_DIR SEARCH_DIR... [--tsv OUT]
# Reads only clx's own files (results.tsv, run.json, search.tsv); standard library alone.
import csv, json, math, os, sys


def rows(path):
    with open(path, newline='') as f:
        return list(csv.DictReader(f, delimiter='\t'))


def key_of(variant, build, point):
    """A configuration as the search labels it: the variant, the build, and the launch axes with
    more than one value (name=value, as the console writes them)."""
    return (variant, build, tuple(sorted(p for p in point.split() if '=' in p)))


def work_s(js):
    """A run's seconds of builds and measuring: its wall less the device's set-up and the probes
    (both the same for a sweep and a search, and not the space's)."""
    t = js['time_s']
    return t['wall'] - t.get('device_set_up', 0) - t.get('probes', 0)


def main():
    args = sys.argv[1:]
    out = None
    if '--tsv' in args:
        i = args.index('--tsv')
        out = args[i + 1]
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__ if __doc__ else 'usage: search_vs_sweep.py SWEEP_DIR SEARCH_DIR... [--tsv OUT]')
    sweep, searches = args[0], args[1:]
    sj = json.load(open(os.path.join(sweep, 'run.json')))
    srows = [r for r in rows(os.path.join(sweep, 'results.tsv')) if r.get('status') == 'ok']
    # The axes a search's label names: every launch axis of more than one value, 'local' last.
    launch = sj['as_run']['launch']
    axes = [a for a, vals in launch.items() if len(vals) > 1 and a != 'local'] + (['local'] if len(launch.get('local', [])) > 1 else [])
    table, se_of = {}, {}
    for r in srows:
        gf, gb = r.get('gflops', ''), r.get('gbs', '')
        fig = float(gf) if gf not in ('', 'nan') else float(gb) if gb not in ('', 'nan') else 1 / float(r['median_ms'])
        point = ' '.join('%s=%s' % (a, r[a]) for a in axes)
        table[key_of(r['variant'], r['build'], point)] = fig
        se_of[key_of(r['variant'], r['build'], point)] = float(r['time_se']) if r.get('time_se') not in (None, '', 'nan') else 0.0
    best_key = max(table, key=table.get)
    best = table[best_key]
    sweep_s = work_s(sj)
    lines = []
    head = ['search', 'seed', 'found', 'found_in_sweep', 'share_of_best', 'within_1pct', 'same_or_1pct', 'spent_s', 'search_s', 'sweep_s',
            'share_of_sweep', 'to_1pct_s', 'measured', 'space', 'end']
    for d in searches:
        js = json.load(open(os.path.join(d, 'run.json')))
        se = js['search']
        steps = rows(os.path.join(d, 'search.tsv'))

        def fig_of(label):
            parts = label.split()
            if not parts:
                return float('nan')
            variant, build, point = parts[0], parts[1] if len(parts) > 1 else 'default', ' '.join(parts[2:])
            return table.get(key_of(variant, build, point), float('nan'))

        found = se.get('best', '')
        f = fig_of(found)
        # SAME as the sweep's best by the verdict rule's floor: the two rows' standard errors
        # (time_se, a share) combined, at alpha 0.01, and never under 1%.
        parts = found.split()
        fk = key_of(parts[0], parts[1], ' '.join(parts[2:])) if len(parts) > 1 else None
        floor = max(0.01, 2.576 * math.hypot(se_of.get(fk, 0.0), se_of[best_key]))
        same = int(f >= (1 - floor) * best)
        to1 = float('nan')
        for st in steps:
            if fig_of(st.get('best', '')) >= 0.99 * best:
                to1 = float(st['spent_s'])
                break
        lines.append([os.path.basename(d.rstrip('/')), se['seed'], found, '%.6g' % f, '%.4f' % (f / best),
                      int(f >= 0.99 * best), same, '%.2f' % se['spent_s'], '%.2f' % work_s(js), '%.2f' % sweep_s,
                      '%.4f' % (work_s(js) / sweep_s), '%.2f' % to1, se['measured'], se['space'], se['end']])
    w = sys.stdout if out is None else open(out, 'w')
    print('\t'.join(head), file=w)
    for l in lines:
        print('\t'.join(str(x) for x in l), file=w)
    ok, same = sum(l[5] for l in lines), sum(l[6] for l in lines)
    print('# sweep best %.6g (%s); %d of %d searches within 1%% of it, %d SAME or within 1%%; median share of the '
          'sweep\'s seconds %.3f' % (best, ' '.join([best_key[0], best_key[1]] + list(best_key[2])), ok, len(lines), same, sorted(float(l[10]) for l in lines)[len(lines) // 2]), file=w)


if __name__ == '__main__':
    main()
