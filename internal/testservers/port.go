package testservers

import "net"

// freePort asks the kernel for a free port on 127.0.0.1. Another process may
// take it before the server binds it; Start retries in that case.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
