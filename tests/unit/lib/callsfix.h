/* callsfix.h: the function_graph calls the unit tests share (test_tfunc, test_callgraph): a scenario of nested calls with hostile records among them. */
#ifndef BC_CALLSFIX_H
#define BC_CALLSFIX_H

#include "tfunc.h"

#define F_INITCALL	0xffffffff81000000ULL
#define F_FOO		0xffffffff81000100ULL
#define F_BAR		0xffffffff81000200ULL
#define F_TICK		0xffffffff81000300ULL
#define F_BAZ		0xffffffff81000400ULL

/*
 * Thread 1:  initcall [1000, 9000] d0
 *              foo [2000, 5000] d1: bar [2500, 3500] d2, baz [4000, 4500] d2
 *              foo [6000, 8000] d1: tick [7000, 7900] d1 (an interrupt
 *                  taken while foo returned: its depth)
 * Thread 2:  initcall [1500, 2500] d0
 * Hostile: depth -1; a return before its call; [8500, 9500] d1 across
 * the initcall's end; [2600, 2700] d0 inside bar (d2).  Exit order.
 */
void calls_scenario(struct tcalls *c);

#endif
