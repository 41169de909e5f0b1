// texsim's second end-to-end OpenCL kernel (docs/kernels.md): buffer loads and stores (bindful
// scatter/gather messages on SKL..DG2, stateless LSC on PVC), a per-lane loop and a select.
__kernel void buffer_arith(__global const int *in, __global int *out, int k) {
  int gid = get_global_id(0);
  int v = in[gid];
  int acc = 0;
  for (int i = 0; i < (v & 7); ++i) acc += v * k - i;
  out[gid] = v > 20 ? acc : -acc;
}
