package generate

import (
	"context"
	"testing"
	"time"
)

// TestManyStopEarly: a caller that stops the iteration early must get
// control back, 30 times over, with several workers too (the workers used to wait for
// tokens until a cancellation that came only after they had finished).
func TestManyStopEarly(t *testing.T) {
	for i := range 30 {
		workers := []int{1, 2, 4}[i%3]
		done := make(chan int)
		go func() {
			k := 0
			for _, err := range Many(context.Background(), 50, Options{Seed: 7, Workers: workers}) {
				if err != nil {
					t.Errorf("workers %d: %v", workers, err)
				}
				k++
				if k == 2 {
					break
				}
			}
			done <- k
		}()
		select {
		case k := <-done:
			if k != 2 {
				t.Errorf("workers %d: %d puzzles before stopping, want 2", workers, k)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("workers %d: Many did not return after the caller stopped", workers)
		}
	}
}
