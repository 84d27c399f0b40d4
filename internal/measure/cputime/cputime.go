// Package cputime reads the CPU time of the process and of the calling
// thread, for benchmarks and the bench command: on a shared machine it
// leaves out the time spent waiting for a core, which wall time counts.
//
// Both functions return 0 where the platform does not report the figure.
package cputime
