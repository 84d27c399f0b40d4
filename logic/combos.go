package logic

// combos calls f with every k-subset of the indices 0..n-1 (in
// lexicographic order) until f returns true; it reports whether f did.
// idx is scratch space of at least k ints.
func combos(n, k int, idx []int, f func(idx []int) bool) bool {
	if k > n || k <= 0 {
		return false
	}
	idx = idx[:k]
	for i := range idx {
		idx[i] = i
	}
	for {
		if f(idx) {
			return true
		}
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return false
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// combosColex is combos in colexicographic order: the order of the
// subsets' bit masks as numbers, which is the order Sudoku Explainer
// enumerates its combinations in.
func combosColex(n, k int, idx []int, f func(idx []int) bool) bool {
	if k > n || k <= 0 {
		return false
	}
	idx = idx[:k]
	for i := range idx {
		idx[i] = i
	}
	for {
		if f(idx) {
			return true
		}
		// Advance the lowest index that can move up without meeting the
		// next one; reset those below it.
		i := 0
		for i < k {
			limit := n
			if i+1 < k {
				limit = idx[i+1]
			}
			if idx[i]+1 < limit {
				break
			}
			i++
		}
		if i == k {
			return false
		}
		idx[i]++
		for j := 0; j < i; j++ {
			idx[j] = j
		}
	}
}
