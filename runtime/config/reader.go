package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap/zapcore"
)

// reader parses variables into fields and collects syntax errors instead of
// stopping at the first, so one run reports everything that is wrong. A field
// whose variable fails to parse keeps its default.
type reader struct {
	lookup LookupFunc
	errs   []error
}

// get returns the trimmed value of name and whether it is set and not blank.
func (r *reader) get(name string) (string, bool) {
	v, ok := r.lookup(name)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}

func (r *reader) fail(name, format string, args ...any) {
	r.errs = append(r.errs, &Error{Var: name, Problem: fmt.Sprintf(format, args...)})
}

func (r *reader) text(name string, dst *string) {
	if v, ok := r.get(name); ok {
		*dst = v
	}
}

func (r *reader) secret(name string, dst *Secret) {
	if v, ok := r.get(name); ok {
		*dst = Secret(v)
	}
}

// list splits a comma-separated value, dropping blank items.
func (r *reader) list(name string, dst *[]string) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	items := []string{}
	for item := range strings.SplitSeq(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	*dst = items
}

// pairs reads comma-separated key=value items, each key once.
func (r *reader) pairs(name string, dst *map[string]string) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	out := map[string]string{}
	for item := range strings.SplitSeq(v, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		key, value, found := strings.Cut(item, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !found || key == "" || value == "" {
			r.fail(name, "%q is not key=value (e.g. novo=appointmentscheduled)", item)
			return
		}
		if _, dup := out[key]; dup {
			r.fail(name, "%q is given twice", key)
			return
		}
		out[key] = value
	}
	*dst = out
}

func (r *reader) boolean(name string, dst *bool) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.fail(name, "%q is not a boolean (use true, false, 1 or 0)", v)
		return
	}
	*dst = b
}

func (r *reader) duration(name string, dst *time.Duration) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		r.fail(name, "%q is not a duration (e.g. 2s, 500ms)", v)
		return
	}
	*dst = d
}

// count reads a whole number; Validate checks its range.
func (r *reader) count(name string, dst *int) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.fail(name, "%q is not a whole number", v)
		return
	}
	*dst = n
}

func (r *reader) port(name string, dst *int) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.fail(name, "%q is not a port number (0-65535)", v)
		return
	}
	*dst = n
}

// rate reads requests per second; fractions such as 0.5 are allowed.
func (r *reader) rate(name string, dst *float64) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		r.fail(name, "%q is not a number of requests per second (e.g. 9 or 0.5)", v)
		return
	}
	*dst = f
}

func (r *reader) level(name string, dst *zapcore.Level) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	l, err := zapcore.ParseLevel(v)
	if err != nil {
		r.fail(name, "%q is not a log level (debug, info, warn or error)", v)
		return
	}
	*dst = l
}
