/* page.js: the -f html page's script: search, zoom and pan along the time axis, the details of the process under the pointer (docs/html.md). */
(function () {
	'use strict';
	const svg = document.getElementById('chart');
	if (!svg)
		return;
	const ds = svg.dataset;
	const x0 = +ds.x0, pw = +ds.pw, pxms = +ds.pxms;
	const o = +(ds.o || 0);	/* the axis's ms at x0 (--window) */
	/*
	 * The layout's width, and the chart's now: in a window wider than
	 * the layout the time axis is stretched to fill it (fit()), the
	 * texts keeping their size.
	 */
	const width0 = +svg.getAttribute('width');
	const height = +svg.getAttribute('height');
	let width = width0;
	const top = +ds.top;	/* the process rows start here */
	const layers = svg.querySelectorAll('g.z');
	const clip = document.getElementById('plotclip');
	const span = document.getElementById('span');
	const info = document.getElementById('info');
	const hits = document.getElementById('hits');
	const MAXK = Math.max(1, pw * pxms);	/* down to a pixel per ms */
	/* The plot's frames and clips, as wide as the time axis. */
	const frames = Array.from(svg.querySelectorAll('rect.fr, rect.cb'))
	    .filter(function (r) {
		return Math.abs(+r.getAttribute('width') - pw) < 1;
	});
	const axisY = +ds.axis;	/* the axis labels' baseline, or -1 */
	let axis = null;
	/*
	 * Zoomed, the process area's grid follows the new axis labels: one
	 * path after the layout's grid (so under the rows), whose own lines
	 * are hidden meanwhile.  [y0, y1]: the layout grid's extent.
	 */
	const grid0 = Array.from(svg.querySelectorAll('.z path.gd, .z path.gm'));
	let grid = null, gy0 = Infinity, gy1 = -Infinity;
	if (grid0.length > 0) {
		const host = grid0[0].parentNode.parentNode;
		grid = document.createElementNS(svg.namespaceURI, 'path');
		grid.setAttribute('class', 'gm g2');
		host.parentNode.insertBefore(grid, host.nextSibling);
	}
	/* Measured now: hidden (zoomed), the lines have no box. */
	for (const g of grid0) {
		const bb = g.getBBox();
		if (bb.height <= 0)
			continue;
		gy0 = Math.min(gy0, bb.y);
		gy1 = Math.max(gy1, bb.y + bb.height);
	}

	/* The hatch tile keeps its size on screen (it is drawn in a zoomed layer). */
	const hatch = document.getElementById('hatch');

	/*
	 * The rows' bands (svg.c): a band out of view is taken out of the
	 * page's layout, so a zoom step lays out and paints the rows on
	 * screen only.  {g, y0, y1: its extent, on: shown, at: the view it
	 * was drawn for, s: its groups that follow the time axis, pins: its
	 * labels}.
	 */
	const bands = Array.from(svg.querySelectorAll('g.rc'), function (g) {
		return { g: g, y0: +g.dataset.y0, y1: +g.dataset.y1, on: true,
		    at: -1, s: Array.from(g.querySelectorAll('g.s')), pins: [] };
	});
	const bandOf = new Map(bands.map(function (bd) {
		return [bd.g, bd];
	}));
	/*
	 * Texts (and their grounds) keep their size: they are in no scaled
	 * group, and move with the point of the time axis they belong to,
	 * their anchor.  A row's label moves into the visible part of its
	 * box when it fits there: {el, a: anchor, lo, hi: its box (lo = hi
	 * without one), side: where the anchor is on the text, w: width}.
	 */
	const pinned = [];
	for (const el of svg.querySelectorAll('g.zt text, g.zt .a, g.rc text')) {
		const a = +(el.hasAttribute('data-a') ? el.getAttribute('data-a') :
		    el.getAttribute('x'));
		const row = el.tagName === 'text' && el.closest('g.r');
		const box = row && row.querySelector('rect.pb');
		const lo = box ? +box.getAttribute('x') : a;
		const hi = box ? lo + +box.getAttribute('width') : a;
		const side = el.classList.contains('tm') ? 0.5 :
		    el.classList.contains('te') ? 1 : 0;
		const p = { el: el, a: a, lo: lo, hi: hi, side: side, w: -1 };
		const bd = bandOf.get(el.closest('g.rc'));
		if (bd)
			bd.pins.push(p);
		else
			pinned.push(p);
	}

	/*
	 * Where a pinned text's anchor goes at the view [va, vb].  A row
	 * whose box is out of view keeps its label at the nearer edge of
	 * the view: every row stays named, zoomed in anywhere.  A label
	 * beside its box stays beside it, on the side in view; it moves
	 * into the box when it fits there, unless the rows' labels stay
	 * beside (data-beside: the compare chart's bars fill its boxes).
	 */
	const beside = ds.beside === '1';
	function place(p, va, vb) {
		if (p.hi <= p.lo)
			return p.a;
		const lo = Math.max(p.lo, va), hi = Math.min(p.hi, vb);
		if (p.w < 0)
			p.w = p.el.getComputedTextLength();
		if (p.hi <= va)
			return va + (4 + p.side * p.w) / k;
		if (p.lo >= vb)
			return vb - (4 + (1 - p.side) * p.w) / k;
		if (lo < hi && (hi - lo) * k >= p.w + 8 &&
		    (!beside || p.side === 0.5))
			return (lo + hi) / 2 + (p.side - 0.5) * p.w / k;
		if (p.side === 0.5)
			return lo < hi ? (lo + hi) / 2 : p.a;
		/*
		 * Beside the box, the same gap on screen as unzoomed: on the
		 * layout's side when that is in view, else on the other; with
		 * neither, at the start of the box's part in view, over it.
		 */
		const edge = p.side === 0 ? p.hi : p.lo, gap = Math.abs(p.a - edge);
		const w = p.w / k, r = p.hi + gap / k, l = p.lo - gap / k;
		const okr = r + w <= vb, okl = l - w >= va;
		if (!okr && !okl)
			return lo + 4 / k + p.side * w;
		if (p.side === 0)
			return okr ? r : l - w;
		return okl ? l : r + w;
	}

	/*
	 * What the search reads of each row, lowercased: its name (the
	 * tooltip's first line), its command line and its unit (the
	 * tooltip's "command: " and "unit: " lines), one per line.
	 */
	const rows = Array.from(svg.querySelectorAll('g.r'));
	const names = rows.map(function (g) {
		const t = g.querySelector('title') || g.querySelector('text');
		const lines = t ? t.textContent.split('\n') : [''];
		const keep = [lines[0]];
		for (const l of lines.slice(1)) {
			if (l.startsWith('command: '))
				keep.push(l.slice(9));
			else if (l.startsWith('unit: '))
				keep.push(l.slice(6));
		}
		return keep.join('\n').toLowerCase();
	});

	/*
	 * The view: chart x = k * x + b, x in the layout's pixels.  Unzoomed
	 * k is kfit, the stretch that takes the layout's time axis (pw) to
	 * the chart's (pws); 1 in a window no wider than the layout.
	 */
	let k = 1, b = 0, kfit = 1, pws = pw, queued = false;

	function clamp() {
		k = Math.min(Math.max(k, kfit), MAXK * kfit);
		b = Math.min(x0 - k * x0, Math.max(x0 + pws - k * (x0 + pw), b));
		if (k === kfit)
			b = x0 - k * x0;
	}
	function unzoomed() {
		return k === kfit;
	}

	/* Seconds on the time axis (as its labels). */
	function secs(x) {
		return (((x - x0) / pxms + o) / 1000).toFixed(3);
	}

	/*
	 * Zoomed, the layout's axis labels are too far apart: label the
	 * visible span at a step of 1, 2 or 5 times a power of ten ms, at
	 * least 70 px apart, in the axis' time (0 at the chart's start).
	 */
	function relabel(va, vb) {
		svg.classList.toggle('zoomed', k !== 1);
		if (axisY < 0)
			return;
		if (!axis) {
			axis = document.createElementNS(svg.namespaceURI, 'g');
			axis.setAttribute('class', 'ax2');
			svg.appendChild(axis);
		}
		axis.textContent = '';
		if (grid)
			grid.setAttribute('d', '');
		if (k === 1)
			return;
		let d = '';
		const need = 70 / (pxms * k);
		let step = 1;
		while (step < need)
			step *= step.toString()[0] === '2' ? 2.5 : 2;
		const dec = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
		const ms0 = (va - x0) / pxms + o, ms1 = (vb - x0) / pxms + o;
		for (let t = Math.ceil(ms0 / step) * step; t <= ms1; t += step) {
			const el = document.createElementNS(svg.namespaceURI, 'text');
			el.setAttribute('x', k * (x0 + (t - o) * pxms) + b);
			el.setAttribute('y', axisY);
			el.setAttribute('class', 'tm');
			el.textContent = (t / 1000).toFixed(dec) + 's';
			axis.appendChild(el);
			if (gy1 > gy0)
				d += 'M' + (Math.floor(k * (x0 + (t - o) * pxms) + b) + 0.5) +
				    ' ' + gy0 + 'V' + gy1;
		}
		if (grid)
			grid.setAttribute('d', d);
	}

	/*
	 * The bar's copy of the time axis: the labels the chart shows now
	 * (the layout's, or the zoomed ones), at their x, in a strip as
	 * wide as the chart on screen; shown once the chart's own axis is
	 * under the bar.  Its room is always kept: the chart never moves.
	 */
	const strip = document.getElementById('axis');
	const bar = document.getElementById('bar');
	/*
	 * The strip's place: read from the page's layout, so only when that
	 * changes (load, resize): a zoom only moves what is inside the
	 * chart, and reading a box after it would lay the page out again
	 * (most of a zoom step's time on a 1500-row chart).
	 */
	function stripPlace() {
		if (!strip || axisY < 0)
			return;
		const r = svg.getBoundingClientRect();
		const inner = bar.getBoundingClientRect().left +
		    parseFloat(getComputedStyle(bar).paddingLeft);
		strip.setAttribute('viewBox', '0 0 ' + width + ' 16');
		strip.style.width = r.width + 'px';
		strip.style.marginLeft = (r.left - inner) + 'px';
		stripShow();
	}
	function stripFill() {
		if (!strip || axisY < 0)
			return;
		const src = svg.querySelectorAll(k === 1 ? 'text.ax' : '.ax2 text');
		strip.textContent = '';
		/* Both kinds stand at their x in the chart's own pixels. */
		for (const t of src) {
			const el = document.createElementNS(svg.namespaceURI, 'text');
			el.setAttribute('x', t.getAttribute('x'));
			el.setAttribute('y', 12);
			el.textContent = t.textContent;
			strip.appendChild(el);
		}
	}
	function stripShow() {
		if (!strip || axisY < 0)
			return;
		const r = svg.getBoundingClientRect();
		const s = r.width / width;
		strip.classList.toggle('on', r.top + axisY * s <
		    bar.getBoundingClientRect().bottom);
	}
	window.addEventListener('scroll', stripShow, { passive: true });
	window.addEventListener('resize', stripPlace);

	/* The scale and shift of the view, or null for the layout's own. */
	function matrix() {
		return k === 1 ? null : 'matrix(' + k + ',0,0,1,' + b + ',0)';
	}
	/* Sets el's transform (or name) to m, or drops it for null. */
	function transform(el, m, name) {
		if (m)
			el.setAttribute(name || 'transform', m);
		else
			el.removeAttribute(name || 'transform');
	}
	/* The view's ends in the chart's pixels before the zoom. */
	function ends() {
		return [(x0 - b) / k, (x0 + pws - b) / k];
	}

	/* Puts the texts of list where the view puts them. */
	function pin(list) {
		const [va, vb] = ends();
		/* Every width read before any write: one layout, not one a text. */
		if (k !== 1)
			for (const p of list)
				if (p.w < 0 && p.hi > p.lo)
					p.w = p.el.getComputedTextLength();
		/* The anchor goes where place() has it on the zoomed axis. */
		for (const p of list)
			transform(p.el, k === 1 ? null : 'translate(' +
			    (k * place(p, va, vb) + b - p.a) + ',0)');
	}

	/* Band bd's scaled groups follow the view; its labels are in late. */
	function follow(bd, late) {
		const m = matrix();
		for (const g of bd.s)
			transform(g, m);
		bd.at = view;
		return late.concat(bd.pins);
	}

	/*
	 * Where the chart is on the page, read only when the page's layout
	 * changes (load, resize): the bands shown follow the scroll without
	 * reading the layout again.
	 */
	let chartTop = 0, scale = 1, view = 0;
	function measure() {
		const r = svg.getBoundingClientRect();
		chartTop = r.top + window.scrollY;
		scale = r.width / width || 1;
	}
	/*
	 * Shows the bands want(band) is true of and takes the others out of
	 * the layout; a band shown again gets its labels placed for the
	 * view, if that changed meanwhile.
	 */
	function show(want) {
		let late = [];
		for (const bd of bands) {
			const on = want(bd);
			if (on === bd.on)
				continue;
			bd.on = on;
			bd.g.classList.toggle('off', !on);
			if (on && bd.at !== view)
				late = follow(bd, late);
		}
		if (late.length > 0)
			pin(late);
	}
	/* The bands within a screen of the window. */
	function reveal() {
		const h = window.innerHeight / scale;
		const y0 = (window.scrollY - chartTop) / scale - h, y1 = y0 + 3 * h;
		show(function (bd) {
			return bd.y1 > y0 && bd.y0 < y1;
		});
	}
	window.addEventListener('scroll', reveal, { passive: true });
	/*
	 * A window wider than the layout gets a chart as wide as it: the
	 * time axis, its frames and clips take the extra pixels, the texts
	 * keep their size (a scaled chart would blow 12 px text up to 29 px
	 * at 1920 px); the view keeps its zoom and its left end.
	 */
	function fit() {
		const avail = Math.floor(svg.parentElement.clientWidth);
		const extra = Math.max(0, avail - width0);
		const rel = k / kfit, va = ends()[0];
		width = width0 + extra;
		pws = pw + extra;
		kfit = pws / pw;
		svg.setAttribute('width', width);
		svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
		for (const r of frames)
			r.setAttribute('width', pws);
		svg.dataset.plotw = pws;	/* for tools: the time axis' width now */
		k = kfit * rel;
		b = x0 - k * va;
		clamp();
	}
	window.addEventListener('resize', function () {
		fit();
		measure();
		reveal();
		update();
		stripPlace();
	});
	/* A printout is of the whole chart: the browser prints the layout. */
	window.addEventListener('beforeprint', function () {
		show(function () {
			return true;
		});
	});
	window.addEventListener('afterprint', reveal);

	function apply() {
		queued = false;
		const m = matrix();
		for (const g of layers)
			transform(g, m);
		const [va, vb] = ends();
		view++;
		let list = pinned;
		for (const bd of bands)
			if (bd.on)
				list = follow(bd, list);
		pin(list);
		if (hatch)
			transform(hatch, m && 'matrix(' + 1 / k + ',0,0,1,0,0)',
			    'patternTransform');
		/* Unzoomed, labels may reach into the margins as in the PNG. */
		clip.setAttribute('x', unzoomed() ? 0 : x0);
		clip.setAttribute('width', unzoomed() ? width : pws);
		relabel(va, vb);
		stripFill();
		span.dataset.t0 = secs(va);
		span.dataset.t1 = secs(vb);
		span.textContent = secs(va) + ' s \u2013 ' + secs(vb) + ' s' +
		    (unzoomed() ? '' : ' (zoom ' + (k / kfit).toFixed(1) + 'x)');
	}

	function update() {
		clamp();
		if (!queued) {
			queued = true;
			requestAnimationFrame(apply);
		}
	}

	function chartX(ev) {
		const r = svg.getBoundingClientRect();
		return (ev.clientX - r.left) * width / r.width;
	}

	function chartY(ev) {
		const r = svg.getBoundingClientRect();
		return (ev.clientY - r.top) * width / r.width;
	}

	/*
	 * The wheel zooms over the charts above the rows, or anywhere with
	 * Ctrl; over the rows it scrolls the page.  Sideways it pans.
	 */
	svg.addEventListener('wheel', function (ev) {
		const x = chartX(ev);
		if (ev.deltaX !== 0 && Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) {
			b -= ev.deltaX;
		} else if (ev.ctrlKey || chartY(ev) < top) {
			const f = Math.exp(-ev.deltaY * (ev.deltaMode ? 0.05 : 0.002));
			const xd = (x - b) / k;
			k *= f;
			clamp();
			b = x - k * xd;
		} else {
			return;
		}
		ev.preventDefault();
		update();
	}, { passive: false });

	let drag = null;
	svg.addEventListener('mousedown', function (ev) {
		if (ev.button !== 0 || unzoomed())
			return;
		drag = { x: ev.clientX, b: b };
		svg.classList.add('drag');
		ev.preventDefault();
	});
	window.addEventListener('mousemove', function (ev) {
		if (!drag)
			return;
		const r = svg.getBoundingClientRect();
		b = drag.b + (ev.clientX - drag.x) * width / r.width;
		update();
	});
	window.addEventListener('mouseup', function () {
		drag = null;
		svg.classList.remove('drag');
	});
	document.getElementById('reset').addEventListener('click', function () {
		k = kfit;
		update();
	});

	/*
	 * The keyboard, for whoever has no wheel or cannot drag: + and -
	 * zoom about the middle of what is shown, the arrows pan by a tenth
	 * of the plot, 0 resets.  Not while typing in a field, nor with
	 * Ctrl, Alt or Meta (the browser's own zoom and shortcuts).
	 */
	window.addEventListener('keydown', function (ev) {
		const t = ev.target;
		if (ev.ctrlKey || ev.altKey || ev.metaKey || (t && t.closest &&
		    t.closest('input, textarea, select, [contenteditable]')))
			return;
		const mid = x0 + pws / 2, xd = (mid - b) / k;
		if (ev.key === '+' || ev.key === '=') {
			k *= 1.5;
			clamp();
			b = mid - k * xd;
		} else if (ev.key === '-' || ev.key === '_') {
			k /= 1.5;
			clamp();
			b = mid - k * xd;
		} else if (ev.key === 'ArrowLeft' && !unzoomed()) {
			b += pws / 10;
		} else if (ev.key === 'ArrowRight' && !unzoomed()) {
			b -= pws / 10;
		} else if (ev.key === '0') {
			k = kfit;
		} else {
			return;
		}
		ev.preventDefault();
		update();
	});

	/*
	 * The details of the process under the pointer, from its tooltip;
	 * cleared when the pointer is on no process.
	 */
	let cur = null;
	const hint = info.textContent;
	function point(g) {
		if (g === cur)
			return;
		if (cur)
			cur.classList.remove('cur');
		cur = g;
		if (!g) {
			info.textContent = hint;
			return;
		}
		g.classList.add('cur');
		const t = g.querySelector('title');
		/*
		 * The tooltip's lines run on, apart by a dot: the bar holds
		 * three lines, not six, and the chart gets the room.
		 */
		info.textContent = t ? t.textContent.split('\n')
		    .join('  \u00b7  ') : '';
	}
	svg.addEventListener('mouseover', function (ev) {
		point(ev.target.closest('g.r'));
	});
	/*
	 * Brings a row to the middle of the window: the page scrolls up or
	 * down only, so the title and legends never leave sideways.
	 */
	function centre(g) {
		const pb = g.querySelector('rect.pb');
		/* From its place in the chart: its band may be out of the layout. */
		const y = +pb.getAttribute('y') + +pb.getAttribute('height') / 2;
		measure();
		window.scrollTo(window.scrollX, chartTop + y * scale -
		    window.innerHeight / 2);
	}
	svg.addEventListener('mouseleave', function () {
		point(null);
	});

	/* Search: rows whose name, command or unit holds the text stand out, the rest dim. */
	const q = document.getElementById('q');
	let next = 0;
	q.addEventListener('input', function () {
		const s = q.value.trim().toLowerCase();
		let n = 0;
		rows.forEach(function (g, i) {
			const hit = s !== '' && names[i].includes(s);
			g.classList.toggle('hit', hit);
			n += hit;
		});
		svg.classList.toggle('q', s !== '');
		hits.textContent = s === '' ? '' : n + ' of ' + rows.length +
		    ' processes';
		hits.dataset.n = n;
		next = 0;
	});
	/* Enter brings the next match into view. */
	q.addEventListener('keydown', function (ev) {
		if (ev.key !== 'Enter')
			return;
		const all = svg.querySelectorAll('g.r.hit');
		if (all.length === 0)
			return;
		centre(all[next % all.length]);
		ev.preventDefault();
		next++;
	});
	/*
	 * The summary's top lists and the kernel's functions: a click on a
	 * column head sorts by it (numbers largest first, then the other
	 * way; text A to Z), a click on a process's row brings its row of
	 * the chart into view, marked, with its details.
	 */
	for (const table of document.querySelectorAll('table.top')) {
		const head = table.rows[0];
		Array.from(head.cells).forEach(function (th, col) {
			th.addEventListener('click', function () {
				const body = Array.from(table.rows).slice(1)
				    .filter(function (tr) {
					return tr.cells.length ===
					    head.cells.length;
				    });
				const num = body.length > 0 &&
				    body[0].cells[col].classList.contains('n');
				const down = num !== (th.dataset.sort === 'down');
				body.sort(function (x, y) {
					const a = x.cells[col].textContent;
					const c = y.cells[col].textContent;
					const d = num ? +a - +c : a.localeCompare(c);
					return down ? -d : d;
				});
				for (const h of head.cells)
					delete h.dataset.sort;
				th.dataset.sort = down ? 'down' : 'up';
				for (const tr of body)
					tr.parentNode.appendChild(tr);
			});
		});
		table.addEventListener('click', function (ev) {
			const tr = ev.target.closest('tr[data-i]');
			const g = tr && svg.querySelector('g.r[data-i="' +
			    tr.dataset.i + '"]');
			if (!g)
				return;
			point(g);
			centre(g);
		});
	}
	/* The functions' filter: the rows whose name holds the text. */
	const fnq = document.getElementById('fnq');
	if (fnq) {
		const fnrows = Array.from(document.querySelectorAll(
		    '#functions table.fn tr')).slice(1);
		const fnhits = document.getElementById('fnhits');
		fnq.addEventListener('input', function () {
			const t = fnq.value.trim().toLowerCase();
			let n = 0;
			for (const tr of fnrows) {
				const on = t === '' || tr.cells[0].textContent
				    .toLowerCase().includes(t);
				tr.hidden = !on;
				n += on;
			}
			fnhits.textContent = t === '' ? '' : n + ' of ' +
			    fnrows.length;
		});
	}
	fit();
	measure();
	reveal();
	apply();
	stripPlace();
}());
