// Private arrays IGC cannot keep in registers (issue 28, decisions KP1-KP4): a dynamically indexed
// int[64] and float4[16], read-modify-written in a loop; private_e2e.py checks it against NumPy.
__kernel void private_arrays(__global int* out, __global const int* in, int n) {
  int gid = get_global_id(0);
  int a[64];
  float4 p[16];
  for (int i = 0; i < 64; ++i) a[i] = in[(gid + i) & 63] * (i + 1);
  for (int i = 0; i < 16; ++i) p[i] = (float4)(i, gid, i * 2, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < n; ++k) {
    int j = (in[(gid + k) & 63] ^ k) & 63;
    a[j] += a[(j * 7 + k) & 63];
    p[j & 15].y += (float)a[j];
  }
  float s = 0;
  for (int i = 0; i < 16; ++i) s += p[(gid + i) & 15].y;
  out[gid] = a[gid & 63] + a[(gid * 3) & 63] + (int)s;
}
