package runtime_test

import (
	"sync"
	"sync/atomic"

	"github.com/valyala/fasthttp"
)

// postEach calls post for every index below n on conns concurrent posters,
// in the order they take them, each poster with a request and a response of
// its own; a post that returns false stops its poster. It returns when every
// poster has stopped.
func postEach(conns, n int, post func(i int, req *fasthttp.Request, res *fasthttp.Response) bool) {
	var next atomic.Int64
	var posting sync.WaitGroup
	for range conns {
		posting.Go(func() {
			req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(res)
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				if !post(i, req, res) {
					return
				}
			}
		})
	}
	posting.Wait()
}

// webhookPost makes req a POST of the JSON delivery body to the webhook of
// the server at addr.
func webhookPost(req *fasthttp.Request, addr string, body []byte) {
	req.Reset()
	req.SetRequestURI("http://" + addr + "/webhook")
	req.Header.SetMethod(fasthttp.MethodPost)
	req.Header.SetContentType("application/json")
	req.SetBody(body)
}
