//go:build unix && !linux

package testservers

import "syscall"

// sysProcAttr puts the server in its own process group.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
