package memory

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// The table keeps every item frozen: its attributes encoded into one byte
// slice. An item kept as a persistence.Item is a map and a dozen pointers,
// all of which the garbage collector scans on every cycle, for every item,
// for as long as the table lives; a frozen item is one allocation without
// pointers, which it never scans. Freezing validates and canonicalizes in the
// same pass, and thawing makes a fresh item, so no caller can reach into the
// table.
//
// The encoding: an item or map is a count then name and value pairs; a value
// is a tag byte then its payload; strings, numbers and binaries are a length
// then their bytes; sets and lists are a count then their elements.

// The value tags of the frozen encoding.
const (
	tagS byte = iota + 1
	tagN
	tagB
	tagBOOL
	tagNULL
	tagSS
	tagNS
	tagBS
	tagL
	tagM
)

// scratch pools the buffers items are encoded into before they are copied
// out at their length.
var scratch = sync.Pool{New: func() any { return new([]byte) }}

// freeze validates item as DynamoDB validates the attribute values of a
// PutItem request and returns it frozen, numbers in canonical form.
func freeze(item persistence.Item) ([]byte, error) {
	bp := scratch.Get().(*[]byte)
	defer scratch.Put(bp)
	for name := range item {
		if name == "" {
			return nil, fmt.Errorf("empty attribute name")
		}
	}
	buf, err := appendMap((*bp)[:0], item)
	if cap(buf) <= 2*maxItemSize {
		*bp = buf // an oversized item's buffer is not kept in the pool
	}
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), buf...), nil
}

// appendMap encodes the pairs of an item or of an M value.
func appendMap(buf []byte, m map[string]types.AttributeValue) ([]byte, error) {
	buf = binary.AppendUvarint(buf, uint64(len(m)))
	for name, v := range m {
		buf = appendString(buf, name)
		var err error
		if buf, err = appendValue(buf, v); err != nil {
			return nil, fmt.Errorf("attribute %q: %w", name, err)
		}
	}
	return buf, nil
}

// appendValue validates v as DynamoDB validates an attribute value and
// appends its encoding. A typed nil pointer is as empty as a nil interface.
func appendValue(buf []byte, v types.AttributeValue) ([]byte, error) {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		if v != nil {
			return appendString(append(buf, tagS), v.Value), nil
		}
	case *types.AttributeValueMemberN:
		if v != nil {
			n, err := canonicalNumber(v.Value)
			if err != nil {
				return nil, err
			}
			return appendString(append(buf, tagN), n), nil
		}
	case *types.AttributeValueMemberB:
		if v != nil {
			return appendString(append(buf, tagB), string(v.Value)), nil
		}
	case *types.AttributeValueMemberBOOL:
		if v != nil {
			return append(buf, tagBOOL, boolByte(v.Value)), nil
		}
	case *types.AttributeValueMemberNULL:
		if v != nil {
			if !v.Value {
				return nil, fmt.Errorf("null attribute value types must have the value of true")
			}
			return append(buf, tagNULL), nil
		}
	case *types.AttributeValueMemberSS:
		if v != nil {
			return appendSet(buf, tagSS, v.Value, func(s string) (string, error) { return s, nil })
		}
	case *types.AttributeValueMemberNS:
		if v != nil {
			return appendSet(buf, tagNS, v.Value, canonicalNumber)
		}
	case *types.AttributeValueMemberBS:
		if v != nil {
			return appendSet(buf, tagBS, v.Value, func(b []byte) (string, error) { return string(b), nil })
		}
	case *types.AttributeValueMemberL:
		if v != nil {
			buf = binary.AppendUvarint(append(buf, tagL), uint64(len(v.Value)))
			for _, e := range v.Value {
				var err error
				if buf, err = appendValue(buf, e); err != nil {
					return nil, err
				}
			}
			return buf, nil
		}
	case *types.AttributeValueMemberM:
		if v != nil {
			return appendMap(append(buf, tagM), v.Value)
		}
	case nil:
	default:
		return nil, fmt.Errorf("unsupported attribute value type %T", v)
	}
	return nil, fmt.Errorf("supplied attribute value is empty, must contain exactly one of the supported datatypes")
}

// appendSet encodes a set whose elements canon turns into their canonical
// strings, rejecting the empty and duplicated sets DynamoDB rejects (numbers
// are duplicates when they are equal, however they are written).
func appendSet[E any](buf []byte, tag byte, elems []E, canon func(E) (string, error)) ([]byte, error) {
	if len(elems) == 0 {
		return nil, fmt.Errorf("a set may not be empty")
	}
	seen := make(map[string]bool, len(elems))
	buf = binary.AppendUvarint(append(buf, tag), uint64(len(elems)))
	for _, e := range elems {
		s, err := canon(e)
		if err != nil {
			return nil, err
		}
		if seen[s] {
			return nil, fmt.Errorf("input collection contains duplicates")
		}
		seen[s] = true
		buf = appendString(buf, s)
	}
	return buf, nil
}

func appendString(buf []byte, s string) []byte {
	return append(binary.AppendUvarint(buf, uint64(len(s))), s...)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// thaw decodes a frozen item into a new one.
func thaw(frozen []byte) persistence.Item {
	r := reader{buf: frozen}
	return r.readMap()
}

// reader decodes what freeze encoded. The table only thaws its own frozen
// items, so the input is always well formed.
type reader struct {
	buf []byte
	off int
}

func (r *reader) readMap() map[string]types.AttributeValue {
	n := r.readCount()
	m := make(map[string]types.AttributeValue, n)
	for range n {
		name := r.readString()
		m[name] = r.readValue()
	}
	return m
}

func (r *reader) readValue() types.AttributeValue {
	tag := r.buf[r.off]
	r.off++
	switch tag {
	case tagS:
		return &types.AttributeValueMemberS{Value: r.readString()}
	case tagN:
		return &types.AttributeValueMemberN{Value: r.readString()}
	case tagB:
		return &types.AttributeValueMemberB{Value: r.readBytes()}
	case tagBOOL:
		r.off++
		return &types.AttributeValueMemberBOOL{Value: r.buf[r.off-1] == 1}
	case tagNULL:
		return &types.AttributeValueMemberNULL{Value: true}
	case tagSS, tagNS:
		out := make([]string, r.readCount())
		for i := range out {
			out[i] = r.readString()
		}
		if tag == tagSS {
			return &types.AttributeValueMemberSS{Value: out}
		}
		return &types.AttributeValueMemberNS{Value: out}
	case tagBS:
		out := make([][]byte, r.readCount())
		for i := range out {
			out[i] = r.readBytes()
		}
		return &types.AttributeValueMemberBS{Value: out}
	case tagL:
		out := make([]types.AttributeValue, r.readCount())
		for i := range out {
			out[i] = r.readValue()
		}
		return &types.AttributeValueMemberL{Value: out}
	case tagM:
		return &types.AttributeValueMemberM{Value: r.readMap()}
	}
	panic(fmt.Sprintf("memory: frozen item with unknown tag %d", tag))
}

func (r *reader) readCount() int {
	n, size := binary.Uvarint(r.buf[r.off:])
	r.off += size
	return int(n)
}

func (r *reader) readString() string { return string(r.readRaw()) }

// readBytes returns a binary value; an empty one comes back empty, not nil,
// as it does from DynamoDB.
func (r *reader) readBytes() []byte { return append([]byte{}, r.readRaw()...) }

func (r *reader) readRaw() []byte {
	n := r.readCount()
	r.off += n
	return r.buf[r.off-n : r.off]
}
