package messaging

// growStack makes sure the calling goroutine has a stack of at least 16 KB
// before the envelope decode runs. The decoder recurses through every level
// of the envelope with large frames; on a fresh goroutine (fasthttp serves
// each connection on one, and the garbage collector shrinks idle stacks) its
// 2 to 8 KB stack would grow several times in the middle of the decode, each
// time copying the deep stack. Growing once here, while the stack is still
// shallow, copies only a few frames. CockroachDB's growstack does the same
// for its storage paths.
//
//go:noinline
func growStack() byte {
	var frame [8 << 10]byte
	return touch(frame[:])
}

// touch keeps growStack's frame from being optimized away.
//
//go:noinline
func touch(b []byte) byte { return b[len(b)-1] }
