! loop_labelled_do: F77 idioms in free form. A labelled DO nest under
! !$omp parallel do with a reduction, two loops sharing their ending
! CONTINUE, a loop ending on an assignment, real*8 and double precision,
! and RETURN under an IF between nests (the nests after it are skipped:
! the test's mode takes values on both sides).
!$OFP PURE, KERNEL :: labelled
subroutine labelled(n, m, mode, u, v, w, total)
  integer*4 :: n, m, mode
  real*8 :: u(0:n+1, m), v(0:n+1, m), w(m)
  double precision :: total
  integer :: i, j
  total = 0.0d0
!$omp parallel do private(i) reduction(+:total)
  do 10 j = 1, m
    do 10 i = 1, n
      v(i, j) = 0.5d0*(u(i-1, j) + u(i+1, j))
      total = total + v(i, j)
10 continue
  do 20 j = 1, m
20 w(j) = v(1, j)
  if (mode == 3) then
    return
  else if (mode > 5) then
    v(0, 1) = -1.0d0
    return
  end if
  do 30 j = 1, m
30 w(j) = w(j) + mode
end subroutine labelled
