package propagate

func standard(n, br, bc int) *Model {
	var h [][]int
	h = append(h, Rows(n)...)
	h = append(h, Columns(n)...)
	h = append(h, Boxes(n, br, bc)...)
	return &Model{N: n, Houses: h}
}
