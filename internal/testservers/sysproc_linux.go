package testservers

import "syscall"

// sysProcAttr puts the server in its own process group and asks the kernel
// to kill it should the test binary die without running its cleanups.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
