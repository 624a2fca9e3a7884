! Reduction benchmarks (BENCHMARKS.md): a sum and the CFL speed against a copy.
module red
  implicit none
contains
!$OFP PURE, KERNEL :: total
pure subroutine total(A, s)
  real, intent(in), contiguous :: A(:,:)
  real, intent(out) :: s
  s = sum(A)
end subroutine total
!$OFP PURE, KERNEL :: speed
pure subroutine speed(H, U, c)
  real, intent(in), contiguous :: H(:,:), U(:,:)
  real, intent(out) :: c
  c = maxval(sqrt(9.8*H) + abs(U/H))
end subroutine speed
!$OFP PURE, KERNEL :: copy
pure subroutine copy(A, B)
  real, intent(in), contiguous :: A(:,:)
  real, intent(out), contiguous :: B(:,:)
  B = A
end subroutine copy
end module red
