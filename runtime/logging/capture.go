package logging

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log"
	"os"
	"regexp"
	"sync"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/redact"
)

// Capture takes over the process's standard output and the standard
// library's log package until release is called: each line written to
// either becomes an info entry of logger, named "stdout" or "log", its
// personal data masked. A JSON log must hold nothing but JSON lines, and
// libraries print what they please: protoactor's automanaged cluster
// provider starts an HTTP server that prints "⇨ http server started on
// [::]:6330" to stdout on every start, and a library may log through the
// log package, which writes plain text to stderr.
//
// Capture changes process-wide state (os.Stdout, the log package's output
// and flags): only a command that owns the process calls it, once, before
// it starts what may print. release restores both and returns once every
// line written before it is logged.
func Capture(logger *zap.Logger) (release func(), err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	logger = logger.WithOptions(zap.WithCaller(false)) // the caller would be this file
	stdout, flags, output := os.Stdout, log.Flags(), log.Writer()
	os.Stdout = w
	log.SetFlags(0) // the entry has its own time
	log.SetOutput(lineLogger{logger.Named("log")})
	done := make(chan struct{})
	go func() {
		defer close(done)
		copyLines(r, lineLogger{logger.Named("stdout")})
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			os.Stdout = stdout
			log.SetOutput(output)
			log.SetFlags(flags)
			_ = w.Close()
			<-done
			_ = r.Close()
		})
	}, nil
}

// copyLines hands each line read from r to out until r ends. A line longer
// than the buffer is handed on in pieces, so a writer never waits on it.
func copyLines(r io.Reader, out lineLogger) {
	lines := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := lines.ReadSlice('\n')
		if len(line) > 0 {
			_, _ = out.Write(line)
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
	}
}

// ansiColor matches the terminal colour codes some libraries print.
var ansiColor = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// lineLogger writes each line it is given as one info entry.
type lineLogger struct{ logger *zap.Logger }

func (l lineLogger) Write(p []byte) (int, error) {
	for line := range bytes.Lines(p) {
		text := string(bytes.TrimSpace(ansiColor.ReplaceAll(line, nil)))
		if text != "" {
			l.logger.Info(redact.Personal(text))
		}
	}
	return len(p), nil
}
