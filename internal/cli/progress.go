package cli

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// A progress line is drawn once the work has run for ProgressDelay, then
// every ProgressTick. (Variables so that tests can shorten them.)
var (
	ProgressDelay = time.Second
	ProgressTick  = 250 * time.Millisecond
)

// Progress draws line(elapsed) on standard error when it is a terminal
// (see ProgressLine); elsewhere it draws nothing. Call the returned
// function when the work is done.
func (e *Env) Progress(start time.Time, line func(elapsed time.Duration) string) (stop func()) {
	if !e.StderrTTY {
		return func() {}
	}
	return ProgressLine(e.Stderr, start, line)
}

// ProgressLine draws line(elapsed) on w, a terminal, every ProgressTick
// once the work has run for ProgressDelay, until the returned function is
// called, which erases it. An empty line draws nothing.
func ProgressLine(w io.Writer, start time.Time, line func(elapsed time.Duration) string) (stop func()) {
	delay, tick := ProgressDelay, ProgressTick
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(tick)
		defer t.Stop()
		drawn := false
		for {
			select {
			case <-quit:
				if drawn {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case now := <-t.C:
				el := now.Sub(start)
				if el < delay {
					continue
				}
				if l := line(el); l != "" {
					fmt.Fprint(w, "\r"+l+"\033[K")
					drawn = true
				}
			}
		}
	}()
	return func() { close(quit); <-finished }
}

// ProgressLines prints line(elapsed) and a newline on w every interval
// until the returned function is called (the -progress D of the commands:
// a line each time, also when w is not a terminal).
func ProgressLines(w io.Writer, start time.Time, every time.Duration, line func(time.Duration) string) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case now := <-t.C:
				fmt.Fprintln(w, line(now.Sub(start)))
			}
		}
	})
	return func() { close(quit); wg.Wait() }
}
