! Column sums and normalisations in array syntax: a reduction of a
! section between nests (a reducing launch), reductions inside a DO
! CONCURRENT (sequential loops of each work-item, one nested in
! another's argument) and an any() of a whole array into a result.
!$OFP PURE, KERNEL :: colsum
subroutine colsum(n, m, h, mass, b, big)
  implicit none
  integer, intent(in) :: n, m
  real(kind=8), intent(in) :: h(n, m)
  real(kind=8), intent(out) :: mass(m), b(n, m)
  logical, intent(out) :: big
  integer :: k
  b(:, 1) = h(:, 1) / sum(h(:, 1))
  do concurrent (k = 2:m)
    mass(k) = sum(h(:, k)) + maxval(h(2:n, k) - h(1:n-1, k))
    b(:, k) = h(:, k) / sum(h(:, k) / sum(h(:, k)))
  end do
  mass(1) = 0.0_8
  big = any(h > 1.4_8)
end subroutine
